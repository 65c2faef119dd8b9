import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { settingsService } from "@/features/admin/settings/api/service";

/** percentOf reads a typed percentage ("10", "12,5") as basis points, or null. */
export function percentOf(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const bp = Math.round(Number(t) * 100);
  return bp <= 10000 ? bp : null;
}

/**
 * TillRules is the owner's rule for the till: the most the owner or an
 * admin may take off a line. Shown to admins only (the server refuses it
 * to till staff).
 */
export function TillRules() {
  const { t, i18n } = useTranslation("till");
  const id = useId();
  const rules = useQuery(settingsService.method.getTillRules, {});
  const client = useQueryClient();
  const save = useMutation(settingsService.method.updateTillRules, {
    onSuccess: () => void client.invalidateQueries({ queryKey: methodKey(settingsService.method.getTillRules) }),
  });
  const [text, setText] = useState<string>();
  const saved = rules.data?.rules?.maxLineDiscountBasisPoints;
  const shown = text ?? (saved === undefined ? "" : (saved / 100).toLocaleString(i18n.language === "pt" ? "pt-PT" : "es-ES"));
  const bp = percentOf(shown);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (bp !== null) save.mutate({ rules: { maxLineDiscountBasisPoints: bp } }, { onSuccess: () => setText(undefined) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t("rules.maxDiscount")}
        </label>
        <input id={id} className="input w-full text-lg" inputMode="decimal" autoComplete="off" value={shown} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-outline" disabled={save.isPending || bp === null}>
        {t("rules.save")}
      </button>
      {shown.trim() !== "" && bp === null && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t("rules.invalid")}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="w-full text-sm text-green-800">
          {t("rules.saved")}
        </p>
      )}
      {save.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t("refusal.failed")}
        </p>
      )}
    </form>
  );
}
