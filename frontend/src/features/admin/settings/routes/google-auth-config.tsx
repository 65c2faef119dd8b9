import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { formatDate } from "@/lib/format-date";
import { useSignInConfig, useUpdateSignInConfig } from "@/features/admin/settings/api/sign-in-config";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";

const steps = ["console", "branding", "domains", "links"] as const;
const benefits = ["trust", "brand", "conversion", "security"] as const;

function StatusCard() {
  const { t, i18n } = useTranslation("admin");
  const toast = useToast();
  const saveFailure = useSaveFailure();
  const { data, isPending, isError } = useSignInConfig();
  const update = useUpdateSignInConfig();
  if (isPending) return <Spinner label={t("loading")} />;
  if (isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  const c = data.config;
  const configured = c?.configured ?? false;
  const when = c?.updateTime
    ? formatDate(timestampDate(c.updateTime), i18n.language, { dateStyle: "long", timeStyle: "short" })
    : t("google.never");
  return (
    <section aria-labelledby="status-title" className="card space-y-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="status-title" className="text-lg font-bold">
          {t("google.statusTitle")}
        </h2>
        <span
          className={`rounded-full px-3 py-0.5 text-sm font-semibold ${
            configured ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-800"
          }`}
        >
          {configured ? t("google.configured") : t("google.pending")}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-600">{t("google.lastUpdated")}</dt>
        <dd>
          {when}
          {c?.updatedBy ? ` · ${c.updatedBy}` : ""}
        </dd>
        <dt className="text-stone-600">{t("google.branding")}</dt>
        <dd>{c?.customBranding ? t("google.custom") : t("google.basic")}</dd>
        <dt className="text-stone-600">{t("google.client")}</dt>
        <dd>{c?.googleClientConfigured ? t("google.clientYes") : t("google.clientNo")}</dd>
        {c?.devProviderEnabled && (
          <>
            <dt className="text-stone-600">{t("google.devProvider")}</dt>
            <dd>{t("google.devProviderOn")}</dd>
          </>
        )}
      </dl>
      {!configured && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { configured: true, customBranding: true },
              {
                onSuccess: () => toast({ title: t("toast.savedTitle"), description: t("google.markedConfigured") }),
                onError: (err) => saveFailure("signIn", err),
              },
            )
          }
        >
          {update.isPending ? t("saving") : t("google.markConfigured")}
        </button>
      )}
    </section>
  );
}

/** GoogleAuthConfig is /admin/google-auth-config: the consent screen's status and how to set it up. */
export default function GoogleAuthConfig() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.googleAuthConfig")}</h1>
      <StatusCard />
      <section aria-labelledby="steps-title" className="card p-4 sm:p-6">
        <h2 id="steps-title" className="text-lg font-bold">
          {t("google.stepsTitle")}
        </h2>
        <ol className="mt-3 space-y-4">
          {steps.map((s, i) => (
            <li key={s} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(`google.steps.${s}.title`)}</h3>
                <p className="text-sm text-stone-700">{t(`google.steps.${s}.text`)}</p>
                {s === "console" && (
                  <a
                    className="link text-sm"
                    href="https://console.cloud.google.com/apis/credentials/consent"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t("google.openConsole")}
                    <span className="sr-only"> {t("newTab")}</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="benefits-title" className="card p-4 sm:p-6">
        <h2 id="benefits-title" className="text-lg font-bold">
          {t("google.benefitsTitle")}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-800">
          {benefits.map((b) => (
            <li key={b}>{t(`google.benefits.${b}`)}</li>
          ))}
        </ul>
        <p className="mt-4 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">{t("google.note")}</p>
      </section>
    </div>
  );
}
