import { create } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminSettingsService, ShopSettingsSchema, type UpdateShopSettingsRequest } from "@gen/sabores/v1/admin_settings_service_pb";
import { ShopAddressSchema, ShopDetailsSchema } from "@gen/sabores/v1/shop_details_pb";

const sample = create(ShopSettingsSchema, {
  details: create(ShopDetailsSchema, {
    legalName: "Sabores (EJEMPLO: nombre legal del titular)",
    nif: "00000000T",
    address: create(ShopAddressSchema, { street: "Calle de Ejemplo, 1", postalCode: "27880", city: "Burela", province: "Lugo" }),
    phone: "+34 900 000 000",
    email: "ejemplo@example.com",
  }),
  iban: "ES9121000418450200051332",
});
const unfinished = ["details.legal_name", "details.nif", "details.address", "details.phone", "details.email", "details.opening_hours", "iban"];

function badRequest(field: string, description: string): Uint8Array {
  const v = new BinaryWriter().uint32((1 << 3) | 2).string(field).uint32((2 << 3) | 2).string(description).finish();
  return new BinaryWriter().uint32((1 << 3) | 2).bytes(v).finish();
}

describe("shop settings", () => {
  it("lists on the admin home what is still a sample, linking to the screen", async () => {
    renderAdmin(
      "/admin",
      (router) => {
        router.service(AdminSettingsService, { getShopSettings: () => ({ settings: sample, unfinished }) });
        ;
      },
      { language: "es" },
    );
    const list = await screen.findByRole("region", { name: "Datos de la tienda por completar" });
    expect(within(list).getByText("NIF")).toBeInTheDocument();
    expect(within(list).getByText("IBAN para transferencias")).toBeInTheDocument();
    expect(within(list).getByRole("link", { name: "Completar datos" })).toHaveAttribute("href", "/admin/shop-settings");
  });

  it("marks the samples, puts the server's refusal beside the field, then saves", async () => {
    const sent: UpdateShopSettingsRequest[] = [];
    renderAdmin("/admin/shop-settings", (router) =>
      router.service(AdminSettingsService, { getShopSettings: () => ({ settings: sample, unfinished }), updateShopSettings: (req) => {
          sent.push(req);
          if (req.settings?.details?.nif === "12345678A") {
            const err = new ConnectError("invalid", Code.InvalidArgument);
            err.details.push({ type: "google.rpc.BadRequest", value: badRequest("settings.details.nif", "is not a valid NIF") });
            throw err;
          }
          return { settings: req.settings, unfinished: ["iban"] };
        } }),
    );
    const nif = await screen.findByLabelText(/^NIF/);
    expect(screen.getByText("NIF").parentElement).toHaveTextContent("Exemplo");
    await userEvent.clear(nif);
    await userEvent.type(nif, "12345678A");
    await userEvent.click(screen.getByRole("button", { name: "Adicionar período" }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar dados" }));
    expect(await screen.findByText("O NIF não é válido: verifique os algarismos e a letra.")).toBeInTheDocument();
    expect(nif).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(nif);
    await userEvent.type(nif, "12345678Z");
    await userEvent.click(screen.getByRole("button", { name: "Guardar dados" }));
    expect(await screen.findByText("Dados da loja atualizados.")).toBeInTheDocument();
    expect(sent[1].settings?.details?.nif).toBe("12345678Z");
    expect(sent[1].settings?.details?.openingHours).toMatchObject([{ dayOfWeek: 1, opens: "10:00", closes: "14:00" }]);
  });

  it("edits the producer register number, says what it accepts and puts the refusal beside it", async () => {
    const sent: UpdateShopSettingsRequest[] = [];
    renderAdmin(
      "/admin/shop-settings",
      (router) =>
        router.service(AdminSettingsService, {
          getShopSettings: () => ({ settings: sample, unfinished }),
          updateShopSettings: (req) => {
            sent.push(req);
            if (req.settings?.producerRegister === "pendiente") {
              const err = new ConnectError("invalid", Code.InvalidArgument);
              err.details.push({ type: "google.rpc.BadRequest", value: badRequest("settings.producer_register", "is not a producer register number") });
              throw err;
            }
            return { settings: { ...req.settings!, producerRegister: "ENV/2023/000012345" }, unfinished };
          },
        }),
      { language: "es" },
    );
    const rpp = await screen.findByLabelText("Número del Registro de Productores de Producto (envases)");
    expect(rpp).toHaveValue("");
    expect(rpp).not.toBeRequired();
    expect(rpp).toHaveAccessibleDescription(expect.stringContaining("ENV/2023/000012345"));
    expect(rpp).toHaveAccessibleDescription(expect.stringContaining("Se imprime en las facturas"));

    await userEvent.type(rpp, "pendiente");
    await userEvent.click(screen.getByRole("button", { name: "Guardar datos" }));
    expect(await screen.findByText(/No parece un número del registro/)).toBeInTheDocument();
    expect(rpp).toHaveAttribute("aria-invalid", "true");
    expect(rpp).toHaveAccessibleDescription(expect.stringContaining("de 4 a 40 letras y cifras"));

    await userEvent.clear(rpp);
    await userEvent.type(rpp, "env/2023/000012345");
    await userEvent.click(screen.getByRole("button", { name: "Guardar datos" }));
    expect(await screen.findByText("Datos de la tienda actualizados.")).toBeInTheDocument();
    expect(sent[1].settings?.producerRegister).toBe("env/2023/000012345");
    expect(rpp).toHaveValue("ENV/2023/000012345");
    expect(rpp).not.toHaveAttribute("aria-invalid");
  });
});
