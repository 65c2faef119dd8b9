import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFindProductByEan } from "@/features/admin/recalls/api/recalls";
import { errorCode } from "@/lib/connect-errors";
import { Code } from "@connectrpc/connect";

/** ProductPicker finds a product by its barcode (typed, or a USB scanner's digits and Enter). */
export function ProductPicker({ onPick }: { onPick: (p: { id: bigint; name: string }) => void }) {
  const { t } = useTranslation("recalls");
  const id = useId();
  const find = useFindProductByEan();
  const [ean, setEan] = useState("");
  const [problem, setProblem] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setProblem("");
        const code = ean.trim();
        if (!/^([0-9]{8}|[0-9]{12,14})$/.test(code)) {
          setProblem(t("badEan"));
          return;
        }
        find.mutate(
          { ean: code },
          {
            onSuccess: (p) => onPick({ id: p.productId, name: p.name }),
            onError: (err) => setProblem(errorCode(err) === Code.NotFound ? t("noProduct") : t("loadError")),
          },
        );
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-ean`} className="mb-1 block text-sm font-medium">
          {t("ean")}
        </label>
        <input
          id={`${id}-ean`}
          className="input w-full"
          inputMode="numeric"
          autoComplete="off"
          value={ean}
          aria-describedby={problem ? `${id}-problem` : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setEan(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-outline" disabled={find.isPending}>
        {t("find")}
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
