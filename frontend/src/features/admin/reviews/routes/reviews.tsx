import { useState } from "react";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { adminReviewPageSize, useAdminReviews, usePublishReview, useRejectReview } from "@/features/admin/reviews/api/reviews";
import { Stars } from "@/components/ui/stars";
import { formatDate } from "@/lib/format-date";
import { pageCount } from "@/lib/paging";
import { ReviewStatus, type Review } from "@gen/sabores/v1/review_pb";

const filters = [
  [ReviewStatus.PENDING, "pending"],
  [ReviewStatus.PUBLISHED, "published"],
  [ReviewStatus.REJECTED, "rejected"],
  [ReviewStatus.UNSPECIFIED, "all"],
] as const;

const statusKeys: Record<ReviewStatus, string> = {
  [ReviewStatus.UNSPECIFIED]: "all",
  [ReviewStatus.PENDING]: "pending",
  [ReviewStatus.PUBLISHED]: "published",
  [ReviewStatus.REJECTED]: "rejected",
};

/** ReviewCard is one review with the owner's two decisions; the text is shown, never editable. */
function ReviewCard({ review }: { review: Review }) {
  const { t, i18n } = useTranslation("admin");
  const publish = usePublishReview();
  const reject = useRejectReview();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = `reject-reason-${review.id}`;
  return (
    <li className="card space-y-2 p-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-stone-900">{review.productName}</span>
        <Stars value={review.stars} />
        <span>{review.author}</span>
        <span className="text-stone-600">{t("reviews.fromOrder", { id: String(review.orderId) })}</span>
        {review.createTime && (
          <span className="text-stone-600">{formatDate(timestampDate(review.createTime), i18n.language, { dateStyle: "short", timeStyle: "short" })}</span>
        )}
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">{t(`reviews.badge.${statusKeys[review.status]}`)}</span>
      </p>
      <p lang={review.language} className="whitespace-pre-wrap break-words text-stone-800">
        {review.text}
      </p>
      {review.status === ReviewStatus.REJECTED && <p className="text-sm text-stone-700">{t("reviews.reason", { reason: review.rejectReason })}</p>}
      {(publish.isError || reject.isError) && <ErrorBox>{t("reviews.error")}</ErrorBox>}
      <div className="flex flex-wrap items-end gap-2">
        {review.status !== ReviewStatus.PUBLISHED && (
          <button type="button" className="btn btn-primary" disabled={publish.isPending} onClick={() => publish.mutate({ id: review.id })}>
            {t("reviews.publish")}
          </button>
        )}
        {review.status !== ReviewStatus.REJECTED && !rejecting && (
          <button type="button" className="btn btn-outline" onClick={() => setRejecting(true)}>
            {t("reviews.reject")}
          </button>
        )}
        {rejecting && (
          <form
            className="flex w-full flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim()) reject.mutate({ id: review.id, reason: reason.trim() });
            }}
          >
            <div className="min-w-0 flex-1">
              <label htmlFor={reasonId} className="text-sm font-semibold">
                {t("reviews.reasonLabel")}
              </label>
              <input id={reasonId} className="input mt-1 w-full" maxLength={500} required value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <button type="submit" className="btn btn-primary" disabled={reject.isPending}>
              {t("reviews.confirmReject")}
            </button>
          </form>
        )}
      </div>
    </li>
  );
}

/** Reviews is /admin/reviews: verified reviews to publish or reject, by status. */
export default function Reviews() {
  const { t } = useTranslation("admin");
  const [status, setStatus] = useState<ReviewStatus>(ReviewStatus.PENDING);
  const [page, setPage] = useState(1);
  const q = useAdminReviews(status, page);
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.reviews")}</h1>
      <p className="text-stone-700">{t("reviews.intro")}</p>
      <div role="group" aria-label={t("reviews.filter")} className="flex flex-wrap gap-2">
        {filters.map(([s, key]) => (
          <button
            key={key}
            type="button"
            aria-pressed={status === s}
            className={`btn ${status === s ? "btn-primary" : "btn-outline"}`}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {t(`reviews.status.${key}`)}
          </button>
        ))}
      </div>
      {q.isPending && <Spinner label={t("loading")} />}
      {q.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {q.data && q.data.reviews.length === 0 && <p className="text-stone-700">{t("reviews.none")}</p>}
      <ul className="space-y-3">
        {q.data?.reviews.map((r) => (
          <ReviewCard key={String(r.id)} review={r} />
        ))}
      </ul>
      <Pagination page={page} totalPages={pageCount(q.data?.totalSize ?? 0, adminReviewPageSize)} onPage={setPage} window={false} />
    </div>
  );
}
