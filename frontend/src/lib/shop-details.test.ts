import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { OpeningHoursSchema, ShopAddressSchema, ShopDetailsSchema } from "@gen/sabores/v1/shop_details_pb";
import { addressLine, openingRows, phoneHref, whatsappUrl } from "@/lib/shop-details";

const h = (dayOfWeek: number, opens: string, closes: string) => create(OpeningHoursSchema, { dayOfWeek, opens, closes });

describe("shop details", () => {
  it("writes the address on one line, and nothing before it is set", () => {
    const d = create(ShopDetailsSchema, {
      address: create(ShopAddressSchema, { street: "Rúa Real, 3", postalCode: "27880", city: "Burela", province: "Lugo" }),
    });
    expect(addressLine(d)).toBe("Rúa Real, 3, 27880 Burela (Lugo)");
    expect(addressLine(create(ShopDetailsSchema))).toBe("");
  });

  it("links the phone and WhatsApp numbers", () => {
    expect(phoneHref("+34 982 123 456")).toBe("tel:+34982123456");
    expect(whatsappUrl("34612345678", "Olá, ¿tienen?")).toBe("https://wa.me/34612345678?text=Ol%C3%A1%2C%20%C2%BFtienen%3F");
  });

  it("groups days with the same openings and names closed days", () => {
    const week = [1, 2, 3, 4, 5].flatMap((d) => [h(d, "10:00", "14:00"), h(d, "17:00", "20:00")]);
    week.push(h(6, "10:00", "14:00"));
    expect(openingRows(week, "es")).toEqual([
      { days: "lunes – viernes", openings: ["10:00–14:00", "17:00–20:00"] },
      { days: "sábado", openings: ["10:00–14:00"] },
      { days: "domingo", openings: [] },
    ]);
    expect(openingRows(week, "pt")[0].days).toBe("segunda-feira – sexta-feira");
    expect(openingRows([], "es")).toEqual([]);
  });
});
