import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, expect, it } from "vitest";
import { currentUrl, renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { TillPaymentMethod, TillService, type SellRequest } from "@gen/sabores/v1/till_service_pb";

const products = {
  "8410076472885": { productId: 1001n, name: "Guaraná Antarctica", ean: "8410076472885", unitPriceCents: 250n, vatBasisPoints: 1000, stock: 5n, reserved: 0n },
  "4006381333931": { productId: 1002n, name: "Mate Cocido", ean: "4006381333931", unitPriceCents: 300n, vatBasisPoints: 1000, stock: 2n, reserved: 2n },
};

beforeEach(() => localStorage.clear());

/** renderTill is the sale screen against a till whose Sell answers with sell. */
function renderTill(sell: (req: SellRequest) => void | Promise<void>) {
  return renderAdmin(
    "/admin/caja",
    (router) =>
      router.service(TillService, {
        lookupProduct: ({ code }) => {
          const product = products[code as keyof typeof products];
          if (!product) throw new ConnectError("no product has this barcode", Code.NotFound);
          return { product };
        },
        getZReport: ({ date }) => ({ report: { date, opened: true } }),
        sell: async (req) => {
          await sell(req);
          return { sale: { id: 77n, ticketNumber: "T2026-000001", totalCents: 550n } };
        },
        getSale: () => ({ sale: { id: 77n, ticketNumber: "T2026-000001", totalCents: 550n } }),
      }),
    { viewer: "till", language: "es" },
  );
}

it("adds two scans typed as a scanner does, shows the change for the cash given, and sends the sale again with the same key until the server answers", async () => {
  const sent: SellRequest[] = [];
  let answer = () => {};
  const back = new Promise<void>((resolve) => (answer = resolve));
  const { user } = renderTill((req) => {
    sent.push(req);
    if (sent.length === 1) throw new ConnectError("upstream connect error", Code.Unavailable);
    return back;
  });
  const scan = await screen.findByRole("textbox", { name: /Código de barras/ });
  await waitFor(() => expect(scan).toHaveFocus());
  await user.keyboard("8410076472885{Enter}");
  expect(await screen.findByText("Guaraná Antarctica")).toBeInTheDocument();
  await waitFor(() => expect(scan).toHaveFocus());
  await user.keyboard("4006381333931{Enter}");
  expect(await screen.findByText("Mate Cocido")).toBeInTheDocument();
  expect(screen.getByText(/2 reservados por pedidos web/)).toBeInTheDocument();
  expect(screen.getByTestId("till-total")).toHaveTextContent("5,50 €");

  await user.type(screen.getByLabelText("Entregado por el cliente"), "10");
  // The change follows the typing on the next render, which a busy machine delays.
  await waitFor(() => expect(screen.getByTestId("till-change")).toHaveTextContent("Cambio: 4,50 €"));
  await user.click(screen.getByRole("button", { name: /^Cobrar/ }));
  expect(await screen.findByText(/Sin conexión/)).toBeInTheDocument();
  // The basket outlives a reload while the sale is unanswered.
  expect(JSON.parse(localStorage.getItem("till.basket") ?? "{}")).toMatchObject({ sending: true, lines: [{ quantity: 1 }, { quantity: 1 }] });
  await waitFor(() => expect(sent).toHaveLength(2), { timeout: 3000 });
  expect(currentUrl().pathname).toBe("/admin/caja");
  answer();
  await waitFor(() => expect(currentUrl().pathname).toBe("/admin/caja/tickets/77"), { timeout: 4000 });
  expect(sent).toHaveLength(2);
  expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  expect(sent[0]?.payments).toMatchObject([{ method: TillPaymentMethod.CASH, amountCents: 550n, givenCents: 1000n }]);
  expect(JSON.parse(localStorage.getItem("till.basket") ?? "{}")).toMatchObject({ sending: false, lines: [] });
});

it("says in words that 1 000 € or more in cash is refused, and keeps the basket", async () => {
  const { user } = renderTill(() => {
    const w = new BinaryWriter();
    w.tag(1, 2).string("CASH_LIMIT");
    const err = new ConnectError("cash payments of 1000 € or more are not allowed", Code.FailedPrecondition);
    err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
    throw err;
  });
  const scan = await screen.findByRole("textbox", { name: /Código de barras/ });
  await waitFor(() => expect(scan).toHaveFocus());
  await user.keyboard("8410076472885{Enter}");
  await screen.findByText("Guaraná Antarctica");
  await user.click(screen.getByRole("button", { name: /^Cobrar/ }));
  expect(await screen.findByText(/No se pueden cobrar 1 000 € o más en efectivo/)).toHaveAttribute("role", "alert");
  expect(screen.getByText("Guaraná Antarctica")).toBeInTheDocument();
  expect(currentUrl().pathname).toBe("/admin/caja");
});

it("sends a sale once, and the next sale starts from an empty basket with a new key", async () => {
  const sent: SellRequest[] = [];
  const { user } = renderTill((req) => void sent.push(req));
  const scan = await screen.findByRole("textbox", { name: /Código de barras/ });
  await waitFor(() => expect(scan).toHaveFocus());
  await user.keyboard("8410076472885{Enter}");
  await screen.findByText("Guaraná Antarctica");
  await user.click(screen.getByRole("button", { name: /^Cobrar/ }));
  await waitFor(() => expect(currentUrl().pathname).toBe("/admin/caja/tickets/77"));
  await user.click(await screen.findByRole("link", { name: "Nueva venta" }));
  expect(await screen.findByText("Escanea el primer producto.")).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  const kept = JSON.parse(localStorage.getItem("till.basket") ?? "{}") as { key: string; lines: unknown[] };
  expect(kept.lines).toEqual([]);
  expect(kept.key).not.toBe(sent[0]?.idempotencyKey);
});
