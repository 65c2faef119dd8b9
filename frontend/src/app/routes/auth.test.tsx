import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";
import { safeTarget } from "@/app/routes/auth";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

describe("safeTarget", () => {
  it.each([
    [null, "/"],
    ["checkout", "/checkout"],
    ["/orders?page=2", "/orders?page=2"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/auth?redirect=%2Fcheckout", "/checkout"],
    ["/auth?redirect=/auth?redirect=checkout", "/checkout"],
    ["/auth", "/"],
  ])("%s → %s", (input, want) => {
    expect(safeTarget(input)).toBe(want);
  });
});

describe("/auth", () => {
  it("signs in through the server and shows a failure in a red box", async () => {
    renderApp("/auth?redirect=checkout&error=access_denied", (router) => {
      router.service(AccountService, { getSession: () => ({ signedIn: false }) });
    });
    const box = (await screen.findByText("Error al iniciar sesión con Google")).closest('[role="alert"]');
    expect(box).toHaveTextContent("Código: access_denied");
    expect(screen.getByRole("link", { name: /Continuar con Google/ })).toHaveAttribute(
      "href",
      `/auth/login?redirect=${encodeURIComponent("/auth?redirect=%2Fcheckout")}`,
    );
  });

  it("sends a signed-in client to the redirect target and an admin to /admin", async () => {
    const client = renderApp("/auth?redirect=checkout", (router) => {
      router.service(AccountService, { getSession: () => signedIn() });
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/(checkout|cart)$/));
    client.unmount();
    renderApp("/auth?redirect=checkout", (router) => {
      router.service(AccountService, { getSession: () => signedIn(Role.ADMIN) });
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/admin/));
  });
});
