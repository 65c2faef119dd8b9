import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { AdminProductSchema } from "@gen/sabores/v1/admin_types_pb";
import { customVat, detailsOf, emptyDetails, fieldOfPath, toDetails } from "@/features/admin/products/lib/product-details";

describe("product details form", () => {
  it("fills from a product with a custom VAT and sends it back as typed", () => {
    const v = detailsOf(
      create(AdminProductSchema, {
        name: "Café",
        code: "C1",
        sku: "S1",
        priceCents: 395n,
        vatBasisPoints: 550,
        onlineCategories: ["bebidas", "ofertas"],
        stock: 3,
      }),
    );
    expect(v.price).toBe("3.95");
    expect(v.vatPreset).toBe(customVat);
    expect(v.customVat).toBe("5.5");
    expect(v.onlineCategories).toEqual(["bebidas"]);
    expect(toDetails(v)).toMatchObject({ name: "Café", price: "3.95", vatRate: "5.5", onlineCategories: ["bebidas"] });
  });

  it("sends a preset VAT and trims the texts", () => {
    expect(toDetails({ ...emptyDetails, name: "  Arepa ", price: "2.5" })).toMatchObject({ name: "Arepa", vatRate: "21", price: "2.5" });
  });

  it("maps the server's field paths to the form's fields", () => {
    expect(fieldOfPath("details.vat_rate")).toBe("customVat");
    expect(fieldOfPath("details.ean")).toBe("ean");
    expect(fieldOfPath("details.online_categories")).toBe("onlineCategories");
    // A rule on one item names it by its index.
    expect(fieldOfPath("details.online_categories[2]")).toBe("onlineCategories");
    expect(fieldOfPath("something.else")).toBeUndefined();
  });
});
