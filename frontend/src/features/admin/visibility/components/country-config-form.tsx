import { Code } from "@connectrpc/connect";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "@/components/ui/toaster";
import { errorCode } from "@/lib/connect-errors";
import { useUpdateCountryConfig } from "@/features/admin/visibility/api/country-configs";
import { CountryTilePreview } from "@/features/admin/visibility/components/country-tile-preview";
import { TileStyleChoice } from "@/features/admin/visibility/components/tile-style-choice";
import { tileStyles } from "@/components/ui/tile-styles";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { fieldViolations } from "@/features/admin/shared/lib/field-violations";
import type { Country } from "@gen/sabores/v1/types_pb";

type Field = "name" | "namePt" | "flagEmoji" | "imageUrl" | "backgroundClasses" | "href";

// Proto field names, as the server names them in its errors.
const protoNames: Record<Field, string> = {
  name: "name",
  namePt: "name_pt",
  flagEmoji: "flag_emoji",
  imageUrl: "image_url",
  backgroundClasses: "background_classes",
  href: "href",
};

const fields: Field[] = ["name", "namePt", "flagEmoji", "imageUrl", "backgroundClasses", "href"];
// The fields typed as text; the background is a choice among tileStyles.
const textFields = fields.filter((f) => f !== "backgroundClasses");

function initialValues(country: Country): Record<Field, string> {
  return {
    name: country.name,
    namePt: country.namePt,
    flagEmoji: country.flagEmoji,
    imageUrl: country.imageUrl,
    // A style saved before the choice existed shows as the shop's colour.
    backgroundClasses: tileStyles.some((s) => s.classes === country.backgroundClasses) ? country.backgroundClasses : "",
    href: country.href,
  };
}

/** CountryConfigForm edits one country's tile, with a live preview and the server's errors per field. */
export function CountryConfigForm({ country }: { country: Country }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const toast = useToast();
  const saveFailure = useSaveFailure();
  const update = useUpdateCountryConfig();
  const [values, setValues] = useState<Record<Field, string>>(() => initialValues(country));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const dirty = fields.some((f) => values[f] !== country[f]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    update.mutate(
      { slug: country.slug, ...values },
      {
        onSuccess: () => toast({ title: t("config.savedTitle"), description: t("config.saved", { name: values.name }) }),
        onError: (err) => {
          if (errorCode(err) === Code.InvalidArgument) {
            const v = fieldViolations(err);
            const next: Partial<Record<Field, string>> = {};
            for (const f of fields) if (protoNames[f] in v) next[f] = t(`config.invalid.${f}`);
            setErrors(next);
            if (Object.keys(next).length > 0) return;
          }
          saveFailure("country", err);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="card flex flex-col gap-4 p-4 sm:p-6 md:flex-row">
      <div className="flex-1 space-y-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {country.name} <span className="text-sm font-normal text-stone-500">/{country.slug}</span>
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {textFields.map((f) => (
            <div key={f} className={f === "imageUrl" ? "sm:col-span-2" : ""}>
              <label htmlFor={`${id}-${f}`} className="mb-1 block text-sm font-medium">
                {t(`config.fields.${f}`)}
              </label>
              <input
                id={`${id}-${f}`}
                className="input"
                value={values[f]}
                required={f === "name"}
                aria-invalid={errors[f] ? true : undefined}
                aria-describedby={errors[f] ? `${id}-${f}-error` : `${id}-${f}-hint`}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              />
              {errors[f] ? (
                <p id={`${id}-${f}-error`} className="mt-1 text-sm text-red-700">
                  {errors[f]}
                </p>
              ) : (
                <p id={`${id}-${f}-hint`} className="mt-1 text-xs text-stone-600">
                  {t(`config.hints.${f}`)}
                </p>
              )}
            </div>
          ))}
          <TileStyleChoice
            value={values.backgroundClasses}
            error={errors.backgroundClasses}
            onChange={(backgroundClasses) => setValues((v) => ({ ...v, backgroundClasses }))}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
            {update.isPending ? t("saving") : t("config.save")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={!dirty || update.isPending}
            onClick={() => {
              setValues(initialValues(country));
              setErrors({});
            }}
          >
            {t("config.reset")}
          </button>
        </div>
      </div>
      <CountryTilePreview values={values} label={t("config.preview")} />
    </form>
  );
}
