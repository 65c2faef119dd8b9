import { screen, waitFor } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { OrderStatus } from "@gen/sabores/v1/types_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

it("shows the client's statistics, recent orders and favourites, and signs out", async () => {
  let signedOut = false;
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(() => {
    signedOut = true;
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  localStorage.setItem(
    "favorites",
    JSON.stringify([1, 2, 3, 4, 5].map((id) => ({ id, name: `Favorito ${id}`, priceCents: 100 * id, image: "" }))),
  );
  const { user } = renderApp("/client-dashboard", (router) => {
    router.service(AccountService, {
      getSession: () => (signedOut ? { signedIn: false } : signedIn()),
      getMyDashboard: () => ({
        orderCount: 2,
        totalSpentCents: 3000n,
        averageTicketCents: 1500n,
        recentOrders: [{ id: 9n, status: OrderStatus.COMPLETED, totalCents: 1000n, itemCount: 1 }],
      }),
    });
  });
  expect(await screen.findByRole("heading", { name: "¡Hola, María Silva!" })).toBeInTheDocument();
  expect(await screen.findByText("Pedido #9")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: /Pedidos totales\s*2/ })).toHaveAttribute("href", "/orders");
  expect(screen.getByRole("link", { name: /Favoritos\s*5/ })).toHaveAttribute("href", "/favorites");
  expect(screen.getByText("+2 más")).toBeInTheDocument();
  expect(screen.getByText("Ticket medio")).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Cerrar sesión" }));
  expect(await screen.findByText("Sesión cerrada")).toBeInTheDocument();
  expect(fetchSpy).toHaveBeenCalledWith("/auth/logout", expect.objectContaining({ method: "POST" }));
  await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
  // The header asks again who is signed in: nobody.
  expect(await screen.findByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/auth");
  fetchSpy.mockRestore();
});

it("sends a guest to sign in", async () => {
  renderApp("/client-dashboard", (router) => {
    router.service(AccountService, { getSession: () => ({ signedIn: false }) });
  });
  await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/auth?redirect=client-dashboard"));
});
