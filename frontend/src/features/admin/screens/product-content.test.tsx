import { create } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminProductService, type UpdateProductContentRequest } from "@gen/sabores/v1/admin_product_service_pb";
import { AdminProductSchema } from "@gen/sabores/v1/admin_types_pb";
import { AdminVisibilityService } from "@gen/sabores/v1/admin_visibility_service_pb";
import { Allergen, QuantityUnit } from "@gen/sabores/v1/food_pb";
import { CountrySchema, SalesChannel } from "@gen/sabores/v1/types_pb";

const acai = create(AdminProductSchema, { id: 1003n, name: "Açaí congelado 400 g", category: "congelados", priceCents: 749n });

function allergenRefusal(): ConnectError {
  const w = new BinaryWriter();
  w.tag(1, 2).string("ALLERGEN_NOT_EMPHASISED");
  w.tag(2, 2).string("sabores.v1");
  w.tag(3, 2).fork().tag(1, 2).string("language").tag(2, 2).string("pt").join();
  w.tag(3, 2).fork().tag(1, 2).string("allergen").tag(2, 2).string("milk").join();
  const err = new ConnectError("content.food_info.ingredients_pt: allergen not emphasised", Code.InvalidArgument);
  err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
  return err;
}

// badRequest is google.rpc.BadRequest with one violation per path, as the
// server sends a contract rule's refusal and its own checks alike.
function badRequest(...paths: string[]): ConnectError {
  const w = new BinaryWriter();
  for (const path of paths) w.tag(1, 2).fork().tag(1, 2).string(path).tag(2, 2).string("value length must be at least 1 characters").join();
  const err = new ConnectError("validation error", Code.InvalidArgument);
  err.details.push({ type: "google.rpc.BadRequest", value: w.finish() });
  return err;
}

function renderContent(update: (req: UpdateProductContentRequest) => void) {
  return renderAdmin(
    "/admin/products/brasil",
    (router) => {
      router.service(AdminVisibilityService, { listCountryProducts: (req) => ({
          products: [{ product: acai, visible: true, channel: SalesChannel.BOTH }],
          totalSize: 1,
          country: create(CountrySchema, { slug: req.country, name: "Brasil" }),
        }) });
      router.service(AdminProductService, { getProductContent: () => ({
          content: {
            productId: 1003n,
            nameEs: "Açaí congelado 400 g",
            isFood: true,
            flags: { frozen: true },
            foodInfo: {
              ingredientsEs: "Pulpa de açaí, azúcar.",
              netQuantity: 400n,
              netUnit: QuantityUnit.G,
              operatorName: "Frooty Ltda.",
              operatorAddress: "São Paulo (Brasil)",
            },
          },
        }), updateProductContent: (req) => {
          update(req);
          return { content: req.content };
        } });
    },
    { language: "es" },
  );
}

describe("product content in the edit dialog", () => {
  it("edits both languages and the food information, and words the server's refusal", async () => {
    const sent: UpdateProductContentRequest[] = [];
    renderContent((req) => {
      sent.push(req);
      if (sent.length === 1) throw allergenRefusal();
    });
    await userEvent.click(await screen.findByRole("button", { name: "Editar: Açaí congelado 400 g" }));
    const d = within(await screen.findByRole("dialog", { name: "Editar producto" }));
    await userEvent.click(d.getByRole("button", { name: "Contenido e información alimentaria" }));

    await userEvent.type(await d.findByLabelText("Nombre (portugués)"), "Açaí congelado 400 g");
    const ingredients = d.getByLabelText("Ingredientes (español)");
    await userEvent.clear(ingredients);
    await userEvent.type(ingredients, "Pulpa de açaí, **leche**.");
    await userEvent.type(d.getByLabelText("Ingredientes (portugués)"), "Polpa de açaí, leite.");
    await userEvent.click(within(d.getByRole("group", { name: "Contiene" })).getByRole("checkbox", { name: "Leche" }));
    await userEvent.click(d.getByRole("button", { name: "Guardar" }));

    expect(await d.findByRole("alert")).toHaveTextContent(
      "Ingredientes en portugués: «Leche» está marcado en «Contiene» pero no aparece resaltado con **…** en el texto.",
    );
    expect(sent[0].content).toMatchObject({
      namePt: "Açaí congelado 400 g",
      flags: { frozen: true },
      foodInfo: { ingredientsEs: "Pulpa de açaí, **leche**.", contains: [Allergen.MILK], netQuantity: 400n, netUnit: QuantityUnit.G },
    });

    const pt = d.getByLabelText("Ingredientes (portugués)");
    await userEvent.clear(pt);
    await userEvent.type(pt, "Polpa de açaí, **leite**.");
    await userEvent.click(d.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });

  it("puts each field it or the server refuses beside it, in words", async () => {
    const sent: UpdateProductContentRequest[] = [];
    renderContent((req) => {
      sent.push(req);
      if (sent.length === 1) throw badRequest("content.food_info.operator_address", "content.food_info.nutrition.salt_mg");
    });
    await userEvent.click(await screen.findByRole("button", { name: "Editar: Açaí congelado 400 g" }));
    const d = within(await screen.findByRole("dialog", { name: "Editar producto" }));
    await userEvent.click(d.getByRole("button", { name: "Contenido e información alimentaria" }));

    const quantity = await d.findByLabelText("Cantidad neta");
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "0");
    await userEvent.click(d.getByRole("button", { name: "Guardar" }));
    expect(d.getByRole("alert")).toHaveTextContent("Revisa este campo: Cantidad neta.");
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveAccessibleDescription(/^Escribe una cantidad mayor que cero/);
    expect(sent).toHaveLength(0);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, "400");
    await userEvent.click(d.getByRole("checkbox", { name: "Declaración nutricional" }));
    const nutrition = ["Energía (kJ / 100 g o ml)", "Energía (kcal / 100 g o ml)", "Grasas (g)", "Saturadas (g)"];
    nutrition.push("Hidratos de carbono (g)", "Azúcares (g)", "Proteínas (g)", "Sal (g)");
    for (const label of nutrition) await userEvent.type(d.getByLabelText(label), "1");
    await userEvent.click(d.getByRole("button", { name: "Guardar" }));

    expect(await d.findByRole("alert")).toHaveTextContent("Revisa estos campos: Operador alimentario: dirección, Sal (g).");
    expect(quantity).not.toHaveAttribute("aria-invalid");
    expect(d.getByLabelText("Operador alimentario: dirección")).toHaveAccessibleDescription(
      "Escribe la dirección del operador (hasta 400 caracteres).",
    );
    expect(d.getByLabelText("Sal (g)")).toHaveAccessibleDescription("Escribe los gramos, de 0 a 100, con hasta dos decimales.");
    expect(d.queryByText(/food_info|salt_mg|min_len/)).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
