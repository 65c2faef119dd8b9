import * as Dialog from "@radix-ui/react-dialog";
import * as Switch from "@radix-ui/react-switch";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConsent } from "@/features/cookie-consent/consent-provider";
import type { OptionalCategory } from "@/features/cookie-consent/consent-state";

type Category = "technical" | OptionalCategory;

function Toggle({
  category,
  checked,
  onChange,
}: {
  category: Category;
  checked: boolean;
  onChange?: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locked = category === "technical";
  return (
    <div className="flex items-start justify-between gap-4 border-b border-stone-100 py-3">
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {t(`consent.categories.${category}.title`)}
        </label>
        <p className="text-sm text-stone-600">{t(`consent.categories.${category}.text`)}</p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={locked}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-stone-300 transition-colors data-[state=checked]:bg-amber-700 disabled:opacity-60"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

function SettingsForm() {
  const { t } = useTranslation();
  const { preferences, save, acceptAll, rejectOptional } = useConsent();
  const [choices, setChoices] = useState<Record<OptionalCategory, boolean>>({
    analytics: preferences.analytics,
    marketing: preferences.marketing,
    personalization: preferences.personalization,
  });
  return (
    <>
      <div className="mt-2">
        <Toggle category="technical" checked />
        {(["analytics", "marketing", "personalization"] as const).map((c) => (
          <Toggle key={c} category={c} checked={choices[c]} onChange={(v) => setChoices((p) => ({ ...p, [c]: v }))} />
        ))}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={rejectOptional}>
          {t("consent.rejectAll")}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => save(choices)}>
          {t("consent.save")}
        </button>
        <button type="button" className="btn btn-primary" onClick={acceptAll}>
          {t("consent.acceptEverything")}
        </button>
      </div>
    </>
  );
}

/**
 * CookieSettingsDialog lets the shopper switch each optional cookie category.
 * It is its own chunk (default export), loaded the first time it opens.
 */
export default function CookieSettingsDialog() {
  const { t } = useTranslation();
  const { settingsOpen, openSettings, closeSettings, returnFocus } = useConsent();
  return (
    <Dialog.Root open={settingsOpen} onOpenChange={(open) => (open ? openSettings() : closeSettings())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
          className="fixed left-1/2 top-1/2 z-[61] max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold">{t("consent.settingsTitle")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600">{t("consent.settingsText")}</Dialog.Description>
          {settingsOpen && <SettingsForm />}
          <Dialog.Close
            aria-label={t("consent.close")}
            className="absolute right-3 top-3 rounded p-1 text-xl leading-none text-stone-500 hover:text-stone-900"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
