import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { StarsIcon } from "@/components/ui/icons";
import { useCreateReview, useOrderReviews } from "@/features/reviews/api/reviews";
import { Stars } from "@/components/ui/stars";
import { errorInfos } from "@/lib/connect-errors";
import { useApiLanguage } from "@/lib/api-language";
import { ReviewStatus, type Review } from "@gen/sabores/v1/review_pb";
import { OrderStatus, type Order } from "@gen/sabores/v1/types_pb";

const maxText = 2000;

const statusKeys: Record<ReviewStatus, string> = {
  [ReviewStatus.UNSPECIFIED]: "pending",
  [ReviewStatus.PENDING]: "pending",
  [ReviewStatus.PUBLISHED]: "published",
  [ReviewStatus.REJECTED]: "rejected",
};

/** ReviewForm is the review of one product of a delivered order: stars and text. */
function ReviewForm({ orderId, productId, productName }: { orderId: bigint; productId: bigint; productName: string }) {
  const { t } = useTranslation("account");
  const language = useApiLanguage();
  const create = useCreateReview();
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(0);
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const id = useId();
  if (!open) {
    return (
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)} aria-label={t("reviews.write", { name: productName })}>
        {t("reviews.writeShort")}
      </button>
    );
  }
  const reason = errorInfos(create.error)[0]?.reason;
  return (
    <form
      className="mt-2 w-full space-y-3"
      aria-label={t("reviews.formLabel", { name: productName })}
      onSubmit={(e) => {
        e.preventDefault();
        if (stars < 1 || text.trim() === "") {
          setMissing(true);
          return;
        }
        create.mutate({ orderId, productId, stars, text: text.trim(), language });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">{t("reviews.stars")}</legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded border border-stone-300 px-2 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50">
              <input type="radio" name={`${id}-stars`} value={n} checked={stars === n} onChange={() => setStars(n)} className="sr-only" />
              <StarsIcon count={n} className="text-amber-500" />
              <span className="sr-only">{t("reviews.starsN", { count: n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          {t("reviews.text")}
        </label>
        <textarea
          id={`${id}-text`}
          className="input mt-1 w-full"
          rows={4}
          maxLength={maxText}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {t("reviews.hint", { count: maxText - text.length })}
        </p>
      </div>
      {missing && (stars < 1 || text.trim() === "") && <p role="alert" className="text-sm text-red-700">{t("reviews.missing")}</p>}
      {create.isError && (
        <ErrorBox>{reason === "REVIEW_EXISTS" ? t("reviews.exists") : reason === "REVIEW_NOT_ALLOWED" ? t("reviews.notAllowed") : t("reviews.error")}</ErrorBox>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t("reviews.send")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          {t("reviews.cancel")}
        </button>
      </div>
    </form>
  );
}

/** ReviewState is a review the shopper wrote, with where it stands in moderation. */
function ReviewState({ review }: { review: Review }) {
  const { t } = useTranslation("account");
  return (
    <div className="text-sm">
      <Stars value={review.stars} />{" "}
      <span className="font-medium">{t(`reviews.status.${statusKeys[review.status]}`)}</span>
      {review.status === ReviewStatus.REJECTED && review.rejectReason && (
        <span className="block text-stone-700">{t("reviews.reason", { reason: review.rejectReason })}</span>
      )}
    </div>
  );
}

/**
 * OrderReviews lets the buyer of a delivered order review each of its
 * products once; what they wrote shows with its moderation status.
 */
export function OrderReviews({ order }: { order: Order }) {
  const { t } = useTranslation("account");
  const delivered = order.status === OrderStatus.COMPLETED;
  const q = useOrderReviews(order.id, delivered);
  if (!delivered) return null;
  const byProduct = new Map((q.data?.reviews ?? []).map((r) => [r.productId, r]));
  const products = [...new Map(order.lines.map((l) => [l.productId, l.name])).entries()];
  return (
    <section aria-labelledby="order-reviews" className="card space-y-3 p-4">
      <h2 id="order-reviews" className="text-lg font-bold">
        {t("reviews.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("reviews.intro")}</p>
      <ul className="divide-y divide-stone-200">
        {products.map(([productId, name]) => {
          const mine = byProduct.get(productId);
          return (
            <li key={String(productId)} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="font-medium">{name}</span>
              {mine ? <ReviewState review={mine} /> : q.data && <ReviewForm orderId={order.id} productId={productId} productName={name} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
