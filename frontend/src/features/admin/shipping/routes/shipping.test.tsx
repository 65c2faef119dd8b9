import { create } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import {
  AdminShippingService,
  ShippingMethodSchema,
  type CreateShippingBandRequest,
  type CreateShippingZoneRequest,
  type ShippingMethod,
} from "@gen/sabores/v1/admin_shipping_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";

const standard = create(ShippingMethodSchema, {
  id: 1n,
  code: "standard",
  nameEs: "Envío estándar",
  namePt: "Envio normal",
  kind: ShippingKind.STANDARD,
  freeAboveCents: 2995n,
  active: true,
  position: 10,
  zones: [{ id: 11n, name: "Península", postalPrefixes: ["27", "28"], bands: [{ id: 111n, upToGrams: 2000, priceCents: 495n }] }],
});
const pickup = create(ShippingMethodSchema, { id: 3n, code: "pickup_burela", nameEs: "Recogida en Burela", namePt: "Levantamento em Burela", kind: ShippingKind.PICKUP, active: true, position: 30 });

/** refusal is a change refused as the server refuses it: a reason with its figures, and the field at fault. */
function refusal(code: Code, reason: string, field: string, metadata: Record<string, string> = {}) {
  const info = new BinaryWriter();
  info.tag(1, 2).string(reason);
  for (const [k, v] of Object.entries(metadata)) info.tag(3, 2).fork().tag(1, 2).string(k).tag(2, 2).string(v).join();
  const violation = new BinaryWriter().uint32((1 << 3) | 2).string(field).uint32((2 << 3) | 2).string("refused").finish();
  const err = new ConnectError(reason, code);
  err.details.push({ type: "google.rpc.ErrorInfo", value: info.finish() });
  err.details.push({ type: "google.rpc.BadRequest", value: new BinaryWriter().uint32((1 << 3) | 2).bytes(violation).finish() });
  return err;
}

function renderShipping(
  over: { createShippingZone?: (req: CreateShippingZoneRequest) => object; createShippingBand?: (req: CreateShippingBandRequest) => object } = {},
  language: "es" | "pt" = "es",
) {
  const methods: ShippingMethod[] = [standard, pickup];
  return renderAdmin(
    "/admin/shipping",
    (router) => {
      router.service(AdminShippingService, {
        listShippingMethods: () => ({ methods, defaultWeightGrams: 1000, productsWithoutWeight: 3 }),
        createShippingZone: over.createShippingZone ?? (() => ({ method: standard })),
        createShippingBand: over.createShippingBand ?? (() => ({ method: standard })),
      });
    },
    { language },
  );
}

describe("shipping desk", () => {
  it("lists the methods with their zones and bands, and the products without a weight", async () => {
    renderShipping();
    const card = await screen.findByRole("article", { name: "Envío estándar" });
    expect(within(card).getByText("Gratis desde 29,95 €")).toBeInTheDocument();
    expect(within(card).getByDisplayValue("27, 28")).toBeInTheDocument();
    expect(within(card).getByDisplayValue("2000")).toBeInTheDocument();
    // Prices as Spanish and Portuguese write them, with a decimal comma.
    expect(within(card).getByDisplayValue("4,95")).toBeInTheDocument();
    expect(within(card).queryByDisplayValue("4.95")).not.toBeInTheDocument();
    // A pickup has no zones to edit.
    const store = screen.getByRole("article", { name: "Recogida en Burela" });
    expect(within(store).queryByText("Zonas")).not.toBeInTheDocument();
    expect(screen.getByText(/3 productos a la venta no tienen peso/)).toBeInTheDocument();
  });

  it("takes a price typed with a decimal comma", async () => {
    const sent: CreateShippingBandRequest[] = [];
    const { user } = renderShipping({
      createShippingBand: (req) => {
        sent.push(req);
        return { method: standard };
      },
    });
    const card = await screen.findByRole("article", { name: "Envío estándar" });
    const form = within(card).getByRole("form", { name: "Nuevo precio" });
    await user.type(within(form).getByLabelText("Hasta (gramos)"), "5000");
    await user.type(within(form).getByLabelText("Precio (€)"), "6,50");
    await user.click(within(form).getByRole("button", { name: "Añadir" }));
    await waitFor(() => expect(sent[0]?.band).toEqual(expect.objectContaining({ upToGrams: 5000, priceCents: 650n })));
  });

  it("shows beside the prefixes which zone already has them", async () => {
    const sent: CreateShippingZoneRequest[] = [];
    const { user } = renderShipping({
      createShippingZone: (req) => {
        sent.push(req);
        throw refusal(Code.FailedPrecondition, "SHIPPING_ZONE_OVERLAP", "zone.postal_prefixes[0]", {
          prefix: "27880",
          zone: "Península",
          other_prefix: "27",
        });
      },
    });
    const card = await screen.findByRole("article", { name: "Envío estándar" });
    const form = within(card).getByRole("form", { name: "Nueva zona" });
    await user.type(within(form).getByLabelText("Nombre de la zona"), "Burela");
    await user.type(within(form).getByLabelText("Códigos postales (prefijos)"), "27880");
    await user.click(within(form).getByRole("button", { name: "Añadir zona" }));
    expect(await within(form).findByText(/ya están en la zona «Península» \(27\)/)).toBeInTheDocument();
    expect(within(form).getByLabelText("Códigos postales (prefijos)")).toHaveAttribute("aria-invalid", "true");
    expect(sent[0].zone?.postalPrefixes).toEqual(["27880"]);
  });

  it("says in Portuguese why a negative price and a band without a limit are refused", async () => {
    const { user } = renderShipping(
      {
        createShippingBand: (req) => {
          if (req.band && req.band.upToGrams === 0) throw refusal(Code.InvalidArgument, "SHIPPING_BAND_NO_LIMIT", "band.up_to_grams");
          throw refusal(Code.InvalidArgument, "SHIPPING_NEGATIVE_PRICE", "band.price_cents");
        },
      },
      "pt",
    );
    const card = await screen.findByRole("article", { name: "Envío estándar" });
    const form = within(card).getByRole("form", { name: "Novo preço" });
    await user.type(within(form).getByLabelText("Até (gramas)"), "5000");
    await user.type(within(form).getByLabelText("Preço (€)"), "-1");
    await user.click(within(form).getByRole("button", { name: "Adicionar" }));
    expect(await within(form).findByText("O valor não pode ser negativo.")).toBeInTheDocument();
    await user.clear(within(form).getByLabelText("Até (gramas)"));
    await user.clear(within(form).getByLabelText("Preço (€)"));
    await user.type(within(form).getByLabelText("Preço (€)"), "6,95");
    await user.click(within(form).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(within(form).getByText(/Indique o peso máximo do escalão/)).toBeInTheDocument());
  });
});
