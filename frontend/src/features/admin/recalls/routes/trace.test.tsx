import { create } from "@bufbuild/protobuf";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminRecallService, LotSaleChannel, LotSaleSchema, ProductLotSchema, type TraceLotRequest } from "@gen/sabores/v1/admin_recall_service_pb";

// Issue 40: a lot sold to thousands of orders is traced a page of sales
// per request; the screen counts them all and loads the next page when
// asked ('Ver más ventas').
const sale = (orderId: bigint) =>
  create(LotSaleSchema, { lotId: 7n, orderId, channel: LotSaleChannel.WEB, status: "delivered", placedAt: "2026-11-20T10:00:00Z", units: 1, name: `Cliente ${orderId}` });

it("counts every sale and loads them a page at a time", async () => {
  const asked: TraceLotRequest[] = [];
  renderAdmin(
    "/admin/trace/7",
    (router) =>
      router.service(AdminRecallService, {
        traceLot: (req) => {
          asked.push(req);
          const first = req.pageToken === "";
          return {
            productId: 4002n,
            productName: "Óleo de Palma",
            lot: create(ProductLotSchema, { lotId: 7n, code: "L-7", expiresOn: "2027-06-01" }),
            sales: first ? [sale(1n), sale(2n)] : [sale(3n)],
            saleCount: 3,
            unitsSold: 3,
            nextPageToken: first ? "after-2" : "",
          };
        },
      }),
    { language: "es" },
  );
  expect(await screen.findByRole("heading", { name: "Un paso adelante: 3 ventas" })).toBeVisible();
  expect(screen.getAllByTestId("recall-sale")).toHaveLength(2);
  await userEvent.click(screen.getByRole("button", { name: "Ver más ventas" }));
  expect(await screen.findByText("Cliente 3")).toBeVisible();
  expect(screen.getAllByTestId("recall-sale")).toHaveLength(3);
  expect(screen.queryByRole("button", { name: "Ver más ventas" })).toBeNull();
  expect(asked.map((r) => [r.pageSize, r.pageToken])).toEqual([
    [100, ""],
    [100, "after-2"],
  ]);
});
