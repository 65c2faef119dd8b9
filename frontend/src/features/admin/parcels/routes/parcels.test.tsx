import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminParcelService, type ListParcelsRequest } from "@gen/sabores/v1/admin_parcel_service_pb";
import { ParcelState } from "@gen/sabores/v1/parcel_pb";

const parcels = [
  { id: 2n, orderId: 43n, state: ParcelState.DELIVERED, carrier: "Correos", trackingNumber: "SC2", platformStatus: "Delivered" },
  { id: 1n, orderId: 42n, state: ParcelState.IN_TRANSIT, carrier: "SEUR", trackingNumber: "SC1", platformStatus: "Parcel en route" },
];

it("lists the parcels by state and prints the day's slips", async () => {
  const asked: ListParcelsRequest[] = [];
  const { user } = renderAdmin(
    "/admin/parcels",
    (router) =>
      router.service(AdminParcelService, {
        listParcels: (req) => {
          asked.push(req);
          return { parcels: req.state === ParcelState.UNSPECIFIED ? parcels : parcels.filter((p) => p.state === req.state) };
        },
        getPackingSlipsPdf: () => ({ orders: 0 }),
      }),
    { language: "es" },
  );
  expect(await screen.findByRole("heading", { name: "Paquetes", level: 1 })).toBeVisible();
  const results = screen.getByRole("region", { name: "Resultados" });
  expect(await within(results).findByRole("link", { name: "Pedido #43" })).toHaveAttribute("href", "/admin/orders/43");
  expect(within(results).getAllByRole("listitem")).toHaveLength(2);

  await user.click(screen.getByRole("button", { name: "En tránsito" }));
  expect(await within(results).findByText("SEUR · SC1")).toBeVisible();
  expect(within(results).queryByText("Correos · SC2")).toBeNull();
  expect(asked.at(-1)).toEqual(expect.objectContaining({ state: ParcelState.IN_TRANSIT, pageToken: "" }));

  await user.click(screen.getByRole("button", { name: "Albaranes de hoy (PDF)" }));
  expect(await screen.findByText("Hoy no hay pedidos que preparar.")).toBeVisible();
});
