import { forwardRef, useCallback, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { formatPrice } from "@/lib/format-price";
import { useSearchTillProducts } from "@/features/admin/till/api/till";
import { CameraScan, hasCameraScan } from "@/features/admin/till/components/camera-scan";
import type { TillProduct } from "@gen/sabores/v1/till_service_pb";

/** isBarcode says typed text is a scanner's digits rather than a name. */
export function isBarcode(text: string): boolean {
  return /^[0-9]{8,14}$/.test(text.trim());
}

/**
 * ScanBar is the one input of the sale: a scanner types digits and Enter
 * into it, a person types a name and picks a product; the camera is offered
 * where the browser reads barcodes.
 */
export const ScanBar = forwardRef<HTMLInputElement, { onCode: (code: string) => void; onPick: (p: TillProduct) => void; disabled: boolean }>(
  function ScanBar({ onCode, onPick, disabled }, ref) {
    const { t, i18n } = useTranslation("till");
    const id = useId();
    const [text, setText] = useState("");
    const [camera, setCamera] = useState(false);
    const query = useDebouncedValue(isBarcode(text) || /^[0-9]+$/.test(text.trim()) ? "" : text, 250);
    const found = useSearchTillProducts(query);

    const submit = (e: FormEvent) => {
      e.preventDefault();
      const code = text.trim();
      if (isBarcode(code)) {
        onCode(code);
        setText("");
      }
    };
    const pick = (p: TillProduct) => {
      onPick(p);
      setText("");
    };
    const fromCamera = useCallback(
      (code: string) => {
        setCamera(false);
        onCode(code);
      },
      [onCode],
    );

    const products = query.trim().length >= 2 ? (found.data?.products ?? []) : [];
    return (
      <div className="space-y-2">
        <form onSubmit={submit} className="flex gap-2" role="search">
          <label htmlFor={`${id}-scan`} className="sr-only">
            {t("scan.label")}
          </label>
          <input
            id={`${id}-scan`}
            ref={ref}
            // The scanner types into whatever has the focus: this input
            // takes it back after every action.
            autoFocus
            autoComplete="off"
            enterKeyHint="enter"
            className="input min-w-0 flex-1 text-lg"
            placeholder={t("scan.placeholder")}
            value={text}
            disabled={disabled}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <button type="submit" className="btn btn-primary" disabled={disabled || !isBarcode(text)}>
            {t("scan.add")}
          </button>
          {hasCameraScan() && (
            <button type="button" className="btn btn-outline" onClick={() => setCamera((c) => !c)} aria-pressed={camera} disabled={disabled}>
              {t("camera.open")}
            </button>
          )}
        </form>
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {t("scan.hint")}
        </p>
        {camera && <CameraScan onCode={fromCamera} onClose={() => setCamera(false)} />}
        {products.length > 0 && (
          <ul aria-label={t("scan.results")} className="card divide-y divide-stone-200">
            {products.map((p) => (
              <li key={String(p.productId)}>
                <button type="button" className="flex w-full items-center justify-between gap-2 px-3 py-3 text-left hover:bg-stone-50" onClick={() => pick(p)}>
                  <span className="font-medium">{p.name}</span>
                  <span className="shrink-0 text-sm text-stone-700">{formatPrice(p.unitPriceCents, i18n.language)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {query.trim().length >= 2 && found.isSuccess && products.length === 0 && <p className="text-sm text-stone-600">{t("scan.noResults")}</p>}
      </div>
    );
  },
);
