import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminReviewService, type RejectReviewRequest } from "@gen/sabores/v1/admin_review_service_pb";
import { ReviewStatus } from "@gen/sabores/v1/review_pb";

it("publishes a pending review or rejects it with a reason, and never offers to edit its text", async () => {
  const published: bigint[] = [];
  const rejected: RejectReviewRequest[] = [];
  const asked: ReviewStatus[] = [];
  const { user } = renderAdmin("/admin/reviews", (router) =>
    router.service(AdminReviewService, {
      listReviews: (req) => {
        asked.push(req.status);
        return {
          reviews: [
            { id: 1n, productId: 1001n, productName: "Guaraná", orderId: 5n, author: "João S.", stars: 4, text: "Bom.", status: ReviewStatus.PENDING },
            { id: 2n, productId: 1002n, productName: "Pão de Queijo", orderId: 6n, author: "Ana P.", stars: 1, text: "Compre no outro site", status: ReviewStatus.PENDING },
          ],
          totalSize: 2,
        };
      },
      publishReview: (req) => {
        published.push(req.id);
        return {};
      },
      rejectReview: (req) => {
        rejected.push(req);
        return {};
      },
    }),
  );
  expect(await screen.findByRole("heading", { level: 1, name: "Opiniões" })).toBeInTheDocument();
  const items = await screen.findAllByRole("listitem");
  expect(asked[0]).toBe(ReviewStatus.PENDING);
  expect(screen.queryAllByRole("textbox")).toHaveLength(0);
  await user.click(within(items[0]).getByRole("button", { name: "Publicar" }));
  expect(published).toEqual([1n]);
  await user.click(within(items[1]).getByRole("button", { name: "Rejeitar" }));
  await user.type(within(items[1]).getByLabelText("Motivo da rejeição"), "Publicidade");
  await user.click(within(items[1]).getByRole("button", { name: "Rejeitar opinião" }));
  expect(rejected).toEqual([expect.objectContaining({ id: 2n, reason: "Publicidade" })]);
  expect(within(items[1]).getByText("Compre no outro site")).toBeInTheDocument();
});
