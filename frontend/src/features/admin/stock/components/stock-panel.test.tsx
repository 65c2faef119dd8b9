import { createRouterTransport } from "@connectrpc/connect";
import { TransportProvider } from "@connectrpc/connect-query";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import { I18nextProvider } from "react-i18next";
import { Toaster } from "@/components/ui/toaster";
import { StockPanel } from "@/features/admin/stock/components/stock-panel";
import { initI18n } from "@/lib/i18n";
import { AdminStockService } from "@gen/sabores/v1/admin_stock_service_pb";

it("keeps the next figure typed while a saved one waits for the refreshed figures, and empties only what was sent", async () => {
  let stock = 50;
  let release = () => {};
  const adjusted: string[] = [];
  const transport = createRouterTransport((router) => {
    router.service(AdminStockService, {
      listStockMovements: () => ({ stock, movements: [] }),
      adjustStock: async ({ change }) => {
        adjusted.push(`${change.case}:${String(change.value)}`);
        const before = stock;
        stock = change.case === "stock" ? change.value : stock + (change.value ?? 0);
        // The save is answered only once the test lets it, as a slow
        // refresh of the other figures the screen waits for would.
        await new Promise<void>((resolve) => (release = resolve));
        return { stock, delta: stock - before };
      },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <I18nextProvider i18n={initI18n("es")}>
        <TransportProvider transport={transport}>
          <QueryClientProvider client={queryClient}>
            <Toaster closeLabel="Cerrar">
              <StockPanel productId={7n} invalidate={[]} />
            </Toaster>
          </QueryClientProvider>
        </TransportProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  await screen.findByRole("heading", { name: "Stock: 50 unidades" });
  const figure = screen.getByLabelText("Unidades contadas");
  await user.type(figure, "47");
  await user.click(screen.getByRole("button", { name: "Guardar movimiento" }));
  await expect.poll(() => adjusted).toEqual(["stock:47"]);

  // The next entry is typed before the first save's answer comes.
  await user.clear(figure);
  await user.type(figure, "45");
  release();
  await screen.findByRole("heading", { name: "Stock: 47 unidades" });
  expect(figure).toHaveValue("45");

  await user.click(screen.getByRole("button", { name: "Guardar movimiento" }));
  await expect.poll(() => adjusted).toEqual(["stock:47", "stock:45"]);
  release();
  await screen.findByRole("heading", { name: "Stock: 45 unidades" });
  expect(figure).toHaveValue("");
});
