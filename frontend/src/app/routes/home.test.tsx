import { Code, ConnectError } from "@connectrpc/connect";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { PromotionService } from "@gen/sabores/v1/promotion_service_pb";
import { PromotionType } from "@gen/sabores/v1/types_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

it("shows countries, launches, promotions with countdowns, EXPIRADA and the 30-day lowest price", async () => {
  renderApp("/", (router) => {
    router.service(CatalogService, {
      listCountries: () => ({
        countries: [
          { slug: "brasil", name: "Brasil", flagEmoji: "🇧🇷", href: "/brasil", showOnHome: true },
          { slug: "angola", name: "Angola", href: "/angola", showOnHome: false },
        ],
      }),
      listProducts: (req) => {
        if (req.onlineCategory === "populares") throw new ConnectError("boom", Code.Unavailable);
        return { products: [product(1001, { name: "Novo guaraná" })], totalSize: 1 };
      },
    });
    router.service(PromotionService, {
      listActivePromotions: () => ({
        products: [
          product(1002, {
            name: "Café em promoção",
            priceCents: 500n,
            promotion: {
              type: PromotionType.PERCENTAGE,
              priceCents: 400n,
              originalPriceCents: 500n,
              // -11 % against the 30-day lowest 4,50 €, as the server announces it.
              label: "-11%",
              lowestPrice30dCents: 450n,
              referencePriceCents: 450n,
              endTime: timestampFromMs(Date.now() + 3 * 86_400_000),
            },
          }),
          product(1003, {
            name: "Oferta passada",
            promotion: { priceCents: 100n, originalPriceCents: 200n, label: "-50%", endTime: timestampFromMs(Date.now() - 1000) },
          }),
        ],
      }),
    });
  });

  const countries = await screen.findByRole("region", { name: "Nuestros Países" });
  expect(await within(countries).findByRole("link", { name: /Brasil/ })).toHaveAttribute("href", "/brasil");
  expect(within(countries).queryByText("Angola")).not.toBeInTheDocument();

  const launches = screen.getByRole("region", { name: "Lanzamientos" });
  expect(await within(launches).findByText("Novo guaraná")).toBeInTheDocument();

  const promos = screen.getByRole("region", { name: "Ofertas Especiales" });
  const live = (await within(promos).findByText("Café em promoção")).closest("article")!;
  expect(within(live).getByText("-11%")).toBeInTheDocument();
  expect(within(live).getByText(/Precio más bajo de los últimos 30 días/)).toHaveTextContent("4,50 €");
  expect(within(live).getByText(/Termina en/)).toHaveTextContent(/2d 23:59:\d\d/);
  const expired = within(promos).getByText("Oferta passada").closest("article")!;
  expect(within(expired).getByText("EXPIRADA · Oferta Expirada")).toBeInTheDocument();
  expect(within(expired).getByRole("button", { name: "Añadir al carrito" })).toBeDisabled();
  expect(within(promos).getByRole("link", { name: "Ver todas" })).toHaveAttribute("href", "/todos");

  const popular = screen.getByRole("region", { name: "Productos más populares" });
  expect(await within(popular).findByText("boom")).toBeInTheDocument();
});

function renderHome(promotions: ReturnType<typeof product>[]) {
  renderApp("/", (router) => {
    router.service(CatalogService, { listCountries: () => ({ countries: [] }), listProducts: () => ({ products: [], totalSize: 0 }) });
    router.service(PromotionService, { listActivePromotions: () => ({ products: promotions }) });
  });
}

it("counts down to the end of the soonest-ending real promotion", async () => {
  const endingIn = (days: number, id: number) =>
    product(id, { promotion: { priceCents: 100n, originalPriceCents: 200n, label: "-50%", endTime: timestampFromMs(Date.now() + days * 86_400_000) } });
  renderHome([endingIn(5, 1), endingIn(2, 2), product(3, { promotion: { priceCents: 100n, originalPriceCents: 200n } })]);
  const banner = await screen.findByRole("region", { name: "¡Grandes ofertas por tiempo limitado!" });
  const timer = within(banner).getByRole("timer");
  // Two days away, not the seven the banner used to restart at on every load.
  expect(timer).toHaveTextContent(/^01\s*d[ií]as/i);
});

it("shows no countdown banner when no promotion with an end runs", async () => {
  renderHome([product(3, { name: "Sin fin", promotion: { priceCents: 100n, originalPriceCents: 200n, label: "-50%" } })]);
  const card = (await screen.findByText("Sin fin")).closest("article")!;
  expect(within(card).queryByText(/Termina en/)).not.toBeInTheDocument();
  expect(screen.queryByRole("region", { name: "¡Grandes ofertas por tiempo limitado!" })).not.toBeInTheDocument();
  expect(screen.queryByRole("timer")).not.toBeInTheDocument();
});
