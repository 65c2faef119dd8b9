import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { DiscountKind } from "@gen/sabores/v1/admin_discount_code_service_pb";
import { errorCode } from "@/lib/connect-errors";
import { formatPrice } from "@/lib/format-price";
import { parseHundredths, parsePriceCents } from "@/features/admin/shared/lib/decimal-input";
import { useCreateDiscountCode, useDiscountCodes, useSetDiscountCodePaused } from "@/features/admin/discount-codes/api/discount-codes";

const emptyForm = {
  code: "",
  kind: DiscountKind.PERCENTAGE,
  value: "",
  minimum: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  maxUsesPerShopper: "",
  firstOrderOnly: false,
  freeShipping: false,
  excludedCategories: "",
  excludedProducts: "",
};

const whole = (s: string) => (s.trim() === "" ? 0 : Number.parseInt(s, 10));
const list = (s: string) => s.split(/[\s,;]+/).filter(Boolean);

/**
 * DiscountCodes is /admin/discount-codes: the owner creates discount codes,
 * pauses and resumes them, and sees each one's use and what it took off.
 */
export default function DiscountCodes() {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const codes = useDiscountCodes();
  const create = useCreateDiscountCode();
  const pause = useSetDiscountCodePaused();
  const [form, setForm] = useState(emptyForm);
  const [invalid, setInvalid] = useState(false);
  const set = <K extends keyof typeof emptyForm>(k: K, v: (typeof emptyForm)[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const percent = form.kind === DiscountKind.PERCENTAGE ? parseHundredths(form.value, "%") : 0;
    const amount = form.kind === DiscountKind.FIXED ? parsePriceCents(form.value) : 0;
    const minimum = form.minimum.trim() === "" ? 0 : parsePriceCents(form.minimum);
    const products = list(form.excludedProducts).map(Number);
    if (percent === null || amount === null || minimum === null || (percent ?? 0) > 10_000 || products.some((p) => !Number.isSafeInteger(p) || p <= 0)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    create.mutate(
      {
        spec: {
          code: form.code.trim(),
          kind: form.kind,
          percentBasisPoints: percent,
          amountCents: BigInt(amount),
          minimumCents: BigInt(minimum),
          startsOn: form.startsOn,
          endsOn: form.endsOn,
          maxUses: whole(form.maxUses),
          maxUsesPerShopper: whole(form.maxUsesPerShopper),
          firstOrderOnly: form.firstOrderOnly,
          freeShipping: form.freeShipping,
          excludedCategories: list(form.excludedCategories),
          excludedProductIds: products.map(BigInt),
        },
      },
      { onSuccess: () => setForm(emptyForm) },
    );
  };

  const field = (key: "code" | "value" | "minimum" | "maxUses" | "maxUsesPerShopper" | "excludedCategories" | "excludedProducts", type = "text") => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {t(`discountCodes.fields.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        className="input w-full"
        autoComplete="off"
        required={key === "code" || (key === "value" && !form.freeShipping)}
        inputMode={type === "number" ? "numeric" : undefined}
        min={type === "number" ? 0 : undefined}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  const failure = create.error
    ? t(errorCode(create.error) === Code.AlreadyExists ? "discountCodes.taken" : errorCode(create.error) === Code.InvalidArgument ? "discountCodes.invalid" : "discountCodes.failed")
    : invalid
      ? t("discountCodes.invalid")
      : "";

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-2xl font-bold">{t("nav.discountCodes")}</h1>
      <p className="text-stone-700">{t("discountCodes.intro")}</p>
      <form onSubmit={submit} className="card grid gap-3 p-4 sm:grid-cols-2" aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`} className="text-lg font-semibold sm:col-span-2">
          {t("discountCodes.new")}
        </h2>
        {field("code")}
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="mb-1 text-sm font-medium">{t("discountCodes.fields.kind")}</legend>
          {[DiscountKind.PERCENTAGE, DiscountKind.FIXED].map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name={`${id}-kind`} checked={form.kind === k} onChange={() => set("kind", k)} />
              {t(k === DiscountKind.PERCENTAGE ? "discountCodes.percentage" : "discountCodes.fixed")}
            </label>
          ))}
        </fieldset>
        {field("value")}
        {field("minimum")}
        <div>
          <label htmlFor={`${id}-startsOn`} className="mb-1 block text-sm font-medium">
            {t("discountCodes.fields.startsOn")}
          </label>
          <input id={`${id}-startsOn`} type="date" className="input w-full" value={form.startsOn} onChange={(e) => set("startsOn", e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-endsOn`} className="mb-1 block text-sm font-medium">
            {t("discountCodes.fields.endsOn")}
          </label>
          <input id={`${id}-endsOn`} type="date" className="input w-full" value={form.endsOn} onChange={(e) => set("endsOn", e.target.value)} />
        </div>
        {field("maxUses", "number")}
        {field("maxUsesPerShopper", "number")}
        {field("excludedCategories")}
        {field("excludedProducts")}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.firstOrderOnly} onChange={(e) => set("firstOrderOnly", e.target.checked)} />
          {t("discountCodes.fields.firstOrderOnly")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.freeShipping} onChange={(e) => set("freeShipping", e.target.checked)} />
          {t("discountCodes.fields.freeShipping")}
        </label>
        <p className="text-sm text-stone-600 sm:col-span-2">{t("discountCodes.madrid")}</p>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {t("discountCodes.create")}
          </button>
        </div>
        {failure && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 sm:col-span-2">
            {failure}
          </p>
        )}
      </form>
      <section aria-labelledby={`${id}-list`} className="card p-4">
        <h2 id={`${id}-list`} className="mb-2 text-lg font-semibold">
          {t("discountCodes.list")}
        </h2>
        {codes.isError && <p role="alert">{t("discountCodes.loadFailed")}</p>}
        {codes.data && codes.data.codes.length === 0 && <p>{t("discountCodes.none")}</p>}
        {codes.data && codes.data.codes.length > 0 && (
          <ul className="divide-y divide-stone-200">
            {codes.data.codes.map((c) => {
              const s = c.spec;
              const value = s?.kind === DiscountKind.FIXED ? formatPrice(s.amountCents, i18n.language) : `${(s?.percentBasisPoints ?? 0) / 100} %`;
              return (
                <li key={String(c.id)} className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={s?.code}>
                  <div className="min-w-0 space-y-1">
                    <p className="break-all font-mono font-semibold">{s?.code}</p>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                      <dt className="text-stone-600">{t("discountCodes.value")}</dt>
                      <dd>
                        {value}
                        {s?.freeShipping ? ` + ${t("discountCodes.fields.freeShipping")}` : ""}
                      </dd>
                      <dt className="text-stone-600">{t("discountCodes.uses")}</dt>
                      <dd>
                        {c.uses}
                        {s && s.maxUses > 0 ? ` / ${s.maxUses}` : ""}
                      </dd>
                      <dt className="text-stone-600">{t("discountCodes.discounted")}</dt>
                      <dd>{formatPrice(c.discountedCents, i18n.language)}</dd>
                      <dt className="text-stone-600">{t("discountCodes.state")}</dt>
                      <dd>{t(c.paused ? "discountCodes.paused" : "discountCodes.active")}</dd>
                    </dl>
                  </div>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`${t(c.paused ? "discountCodes.resume" : "discountCodes.pause")} ${s?.code ?? ""}`}
                    disabled={pause.isPending}
                    onClick={() => pause.mutate({ id: c.id, paused: !c.paused })}
                  >
                    {t(c.paused ? "discountCodes.resume" : "discountCodes.pause")}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
