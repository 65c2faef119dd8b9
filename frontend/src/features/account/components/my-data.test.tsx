import type { ConnectRouter } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

afterEach(() => vi.restoreAllMocks());

function dashboardRoutes(extra: Partial<Record<"exportMyData" | "deleteMyAccount", () => object>>, deleted = { value: false }) {
  return (router: ConnectRouter) => {
    router.service(AccountService, {
      getSession: () => (deleted.value ? { signedIn: false } : signedIn()),
      getMyDashboard: () => ({ orderCount: 0, totalSpentCents: 0n, averageTicketCents: 0n, recentOrders: [] }),
      ...extra,
    });
  };
}

it("downloads the shopper's data as a JSON file", async () => {
  const created: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    created.push(b);
    return "blob:export";
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  const { user } = renderApp(
    "/client-dashboard",
    dashboardRoutes({
      exportMyData: () => ({ profile: { id: 7n, email: "maria@example.com", name: "María Silva" }, orders: [{ id: 9n }] }),
    }),
  );
  await user.click(await screen.findByRole("button", { name: "Descargar mis datos" }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  const anchor = click.mock.contexts[0] as HTMLAnchorElement;
  expect(anchor.download).toMatch(/^sabores-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const json = JSON.parse(await created[0].text()) as { profile: { email: string }; orders: { id: string }[] };
  expect(json.profile.email).toBe("maria@example.com");
  expect(json.orders[0].id).toBe("9");
});

it("deletes the account only after the word is typed, then signs out", async () => {
  const deleted = { value: false };
  const deleteMyAccount = vi.fn(() => {
    deleted.value = true;
    return { retainedOrders: 1 };
  });
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
  const { user } = renderApp("/client-dashboard", dashboardRoutes({ deleteMyAccount }, deleted), "pt");
  await user.click(await screen.findByRole("button", { name: "Eliminar a minha conta" }));
  const dialog = await screen.findByRole("dialog", { name: "Eliminar a sua conta?" });
  const confirm = within(dialog).getByRole("button", { name: "Eliminar a conta" });
  expect(confirm).toBeDisabled();
  await user.type(within(dialog).getByLabelText("Escreva ELIMINAR para confirmar"), "elimina");
  expect(confirm).toBeDisabled();
  await user.type(within(dialog).getByLabelText("Escreva ELIMINAR para confirmar"), "r");
  await user.click(confirm);
  expect(await screen.findByText("A sua conta foi eliminada")).toBeInTheDocument();
  expect(deleteMyAccount).toHaveBeenCalledTimes(1);
  expect(fetchSpy).toHaveBeenCalledWith("/auth/logout", expect.objectContaining({ method: "POST" }));
  await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
  expect(await screen.findByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/auth");
});
