import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentUrl, renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminProductService, type CreateProductRequest } from "@gen/sabores/v1/admin_product_service_pb";
import { AdminVisibilityService } from "@gen/sabores/v1/admin_visibility_service_pb";

function eanRefusal(): ConnectError {
  const w = new BinaryWriter();
  w.tag(1, 2).string("EAN_CHECK_DIGIT");
  w.tag(2, 2).string("sabores.v1");
  w.tag(3, 2).fork().tag(1, 2).string("field").tag(2, 2).string("details.ean").join();
  const err = new ConnectError("details.ean: the barcode's check digit is wrong", Code.InvalidArgument);
  err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
  return err;
}

function renderNew(create: (req: CreateProductRequest) => void, language: "es" | "pt" = "es") {
  let calls = 0;
  renderAdmin(
    "/admin/catalogue/new",
    (router) =>
      { router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [{ slug: "brasil", name: "Brasil" }] }) }); router.service(AdminProductService, { createProduct: (req) => {
          create(req);
          calls++;
          if (calls === 1) throw eanRefusal();
          return { product: { id: 100123n, name: req.details?.name } };
        }, getAdminProduct: (req) => ({ product: { id: req.id, name: "Farinha de mandioca", priceCents: 395n } }) }); },
    { language },
  );
}

describe("/admin/catalogue/new", () => {
  it("checks the form, shows the server's refusal by its field, then opens the new product", async () => {
    const user = userEvent.setup();
    const sent: CreateProductRequest[] = [];
    renderNew((req) => sent.push(req));
    await user.click(await screen.findByRole("button", { name: "Crear producto" }));
    expect(await screen.findByText("Revisa los campos marcados.")).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("Nombre (español)")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText("Nombre (español)"), "Farinha de mandioca");
    await user.type(screen.getByLabelText("Código"), "BR-FAR");
    await user.type(screen.getByLabelText("SKU"), "SKU-3001");
    await user.type(screen.getByLabelText("Código de barras (EAN)"), "4006381333932");
    await user.type(screen.getByLabelText("Precio con IVA (€)"), "3,95");
    await user.selectOptions(screen.getByLabelText("IVA"), "4");
    await user.selectOptions(await screen.findByLabelText("País de origen"), "brasil");
    await user.clear(screen.getByLabelText("Stock inicial (unidades recibidas)"));
    await user.type(screen.getByLabelText("Stock inicial (unidades recibidas)"), "24");
    await user.click(screen.getByRole("checkbox", { name: /Lanzamientos/ }));
    await user.click(screen.getByRole("button", { name: "Crear producto" }));

    expect(await screen.findByText("El dígito de control del código de barras no es correcto.")).toBeInTheDocument();
    expect(sent[0].details).toMatchObject({ name: "Farinha de mandioca", price: "3,95", vatRate: "4", country: "brasil", ean: "4006381333932" });
    expect(sent[0].details?.onlineCategories).toEqual(["lanzamientos"]);
    expect(sent[0].initialStock).toBe(24);

    await user.clear(screen.getByLabelText("Código de barras (EAN)"));
    await user.type(screen.getByLabelText("Código de barras (EAN)"), "4006381333931");
    await user.click(screen.getByRole("button", { name: "Crear producto" }));
    await waitFor(() => expect(currentUrl().pathname).toBe("/admin/catalogue/100123"));
    expect(sent[1].details?.ean).toBe("4006381333931");
  });

  it("speaks Portuguese", async () => {
    renderNew(() => {}, "pt");
    expect(await screen.findByRole("heading", { name: "Novo produto" })).toBeInTheDocument();
    expect(screen.getByLabelText("Código de barras (EAN)")).toBeInTheDocument();
  });
});
