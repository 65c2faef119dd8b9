import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { useFindProduct, useReceiveDelivery, useSuppliers } from "@/features/admin/lots/api/lots";
import { errorInfos } from "@/lib/connect-errors";
import { formatDate } from "@/lib/format-date";
import { LotDateType } from "@gen/sabores/v1/admin_lot_service_pb";

interface Line {
  productId: bigint;
  name: string;
  units: number;
  lotCode: string;
  expiresOn: string;
  dateType: LotDateType;
}

/** madridToday is today's date in Madrid as YYYY-MM-DD, the delivery's default day. */
function madridToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
}

/**
 * GoodsIn is /admin/goods-in: a supplier's delivery received line by line:
 * scan the barcode (a USB scanner types it and Enter), type or scan the lot,
 * its date and what the date means, the units; then book it all at once.
 */
export default function GoodsIn() {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const suppliers = useSuppliers();
  const find = useFindProduct();
  const receive = useReceiveDelivery();
  const [supplierId, setSupplierId] = useState("");
  const [document, setDocument] = useState("");
  const [deliveredOn, setDeliveredOn] = useState(madridToday);
  const [ean, setEan] = useState("");
  const [product, setProduct] = useState<{ id: bigint; name: string } | null>(null);
  const [lotCode, setLotCode] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [dateType, setDateType] = useState<LotDateType>(LotDateType.BEST_BEFORE);
  const [units, setUnits] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState("");
  const lotInput = useRef<HTMLInputElement>(null);

  const lookUp = () => {
    setProblem("");
    const code = ean.trim();
    if (!/^([0-9]{8}|[0-9]{12,14})$/.test(code)) {
      setProblem(t("lots.goodsIn.badEan"));
      return;
    }
    find.mutate(
      { ean: code },
      {
        onSuccess: (p) => {
          setProduct({ id: p.productId, name: p.name });
          lotInput.current?.focus();
        },
        onError: () => {
          setProduct(null);
          setProblem(t("lots.goodsIn.unknownEan", { ean: code }));
        },
      },
    );
  };

  const addLine = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem("");
    const n = Number(units);
    if (!product) return setProblem(t("lots.goodsIn.scanFirst"));
    if (!lotCode.trim()) return setProblem(t("lots.goodsIn.lotRequired"));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) return setProblem(t("lots.goodsIn.dateRequired"));
    if (!Number.isInteger(n) || n < 1 || n > 100000) return setProblem(t("lots.goodsIn.badUnits"));
    setLines([...lines, { productId: product.id, name: product.name, units: n, lotCode: lotCode.trim(), expiresOn, dateType }]);
    setEan("");
    setProduct(null);
    setLotCode("");
    setExpiresOn("");
    setUnits("");
  };

  const submit = () => {
    setProblem("");
    setDone("");
    if (!supplierId) return setProblem(t("lots.goodsIn.supplierRequired"));
    if (!document.trim()) return setProblem(t("lots.goodsIn.documentRequired"));
    if (lines.length === 0) return setProblem(t("lots.goodsIn.noLines"));
    receive.mutate(
      { supplierId: BigInt(supplierId), documentNumber: document.trim(), deliveredOn, lines },
      {
        onSuccess: (res) => {
          setDone(
            t("lots.goodsIn.received", { count: res.lotIds.length }) +
              (res.blockedLotIds.length ? " " + t("lots.goodsIn.blocked", { count: res.blockedLotIds.length }) : ""),
          );
          setLines([]);
          setDocument("");
        },
        onError: (err) =>
          setProblem(errorInfos(err).some((i) => i.reason === "DELIVERY_ALREADY_RECEIVED") ? t("lots.goodsIn.alreadyReceived") : t("lots.saveError")),
      },
    );
  };

  const label = "mb-1 block text-sm font-medium";
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("lots.goodsIn.title")}</h1>
      <section className="card grid gap-3 p-4 sm:grid-cols-3" aria-label={t("lots.goodsIn.delivery")}>
        <div>
          <label htmlFor={`${id}-supplier`} className={label}>
            {t("lots.goodsIn.supplier")}
          </label>
          <select id={`${id}-supplier`} className="input" value={supplierId} onChange={(e) => setSupplierId(e.target.value)}>
            <option value="">{t("lots.goodsIn.chooseSupplier")}</option>
            {suppliers.data?.suppliers.map((s) => (
              <option key={String(s.id)} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-doc`} className={label}>
            {t("lots.goodsIn.document")}
          </label>
          <input id={`${id}-doc`} className="input" value={document} onChange={(e) => setDocument(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-on`} className={label}>
            {t("lots.goodsIn.deliveredOn")}
          </label>
          <input id={`${id}-on`} type="date" className="input" value={deliveredOn} onChange={(e) => setDeliveredOn(e.target.value)} />
        </div>
      </section>
      <form onSubmit={addLine} className="card space-y-3 p-4" aria-labelledby={`${id}-line`} noValidate>
        <h2 id={`${id}-line`} className="text-lg font-semibold">
          {t("lots.goodsIn.line")}
        </h2>
        <div>
          <label htmlFor={`${id}-ean`} className={label}>
            {t("lots.goodsIn.ean")}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-ean`}
              className="input min-w-0 flex-1"
              inputMode="numeric"
              autoComplete="off"
              value={ean}
              onChange={(e) => setEan(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  lookUp();
                }
              }}
            />
            <button type="button" className="btn btn-outline" onClick={lookUp} disabled={find.isPending}>
              {t("lots.goodsIn.find")}
            </button>
          </div>
          <p role="status" className="mt-1 text-sm font-semibold">
            {product?.name ?? ""}
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor={`${id}-lot`} className={label}>
              {t("lots.goodsIn.lot")}
            </label>
            <input id={`${id}-lot`} ref={lotInput} className="input" autoComplete="off" value={lotCode} onChange={(e) => setLotCode(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-exp`} className={label}>
              {t("lots.goodsIn.expiresOn")}
            </label>
            <input id={`${id}-exp`} type="date" className="input" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-units`} className={label}>
              {t("lots.goodsIn.units")}
            </label>
            <input id={`${id}-units`} className="input" inputMode="numeric" value={units} onChange={(e) => setUnits(e.target.value)} />
          </div>
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t("lots.goodsIn.dateType")}</legend>
          <div className="flex flex-wrap gap-4">
            {[LotDateType.BEST_BEFORE, LotDateType.USE_BY].map((d) => (
              <label key={d} className="flex items-center gap-2">
                <input type="radio" name={`${id}-type`} checked={dateType === d} onChange={() => setDateType(d)} />
                {t(`lots.dateTypes.${d === LotDateType.USE_BY ? "useBy" : "bestBefore"}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-outline">
          {t("lots.goodsIn.addLine")}
        </button>
      </form>
      <section className="card space-y-3 p-4" aria-label={t("lots.goodsIn.lines")}>
        <h2 className="text-lg font-semibold">{t("lots.goodsIn.lines")}</h2>
        {lines.length === 0 && <p className="text-stone-700">{t("lots.goodsIn.noLinesYet")}</p>}
        <ul className="divide-y divide-stone-100">
          {lines.map((l, i) => (
            <li key={`${l.lotCode}-${i}`} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1 break-words">
                <span className="font-semibold">{l.name}</span> · {t("lots.goodsIn.lineText", { units: l.units, lot: l.lotCode, date: formatDate(new Date(`${l.expiresOn}T12:00:00Z`), i18n.language, { dateStyle: "short", timeZone: "UTC" }) })} ·{" "}
                {t(`lots.dateTypes.${l.dateType === LotDateType.USE_BY ? "useBy" : "bestBefore"}`)}
              </span>
              <button type="button" className="btn btn-outline" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                {t("lots.goodsIn.remove")}
              </button>
            </li>
          ))}
        </ul>
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
        <button type="button" className="btn btn-primary" onClick={submit} disabled={receive.isPending}>
          {t("lots.goodsIn.receive")}
        </button>
      </section>
    </div>
  );
}
