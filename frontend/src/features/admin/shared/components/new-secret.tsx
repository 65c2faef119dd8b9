import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** NewSecret shows a secret the server hands out once (an API key, a
 * webhook's signing secret) with a copy button, until the admin says done. */
export function NewSecret({
  title,
  note,
  secret,
  testId,
  onDone,
  children,
}: {
  title: string;
  /** That it is shown only this once. */
  note: string;
  secret: string;
  testId: string;
  onDone: () => void;
  /** What to do with the secret, under the buttons. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-lg border border-yellow-400 bg-yellow-50 p-4">
      <p className="break-all font-semibold">{title}</p>
      <p className="text-sm text-yellow-900">{note}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="break-all rounded bg-white px-2 py-1 font-mono text-sm">
          {secret}
        </code>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("apiKeys.copied") : t("apiKeys.copy")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t("apiKeys.done")}
        </button>
      </div>
      {children}
    </div>
  );
}
