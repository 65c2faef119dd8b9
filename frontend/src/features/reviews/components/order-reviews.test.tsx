import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { InvoiceService } from "@gen/sabores/v1/invoice_service_pb";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { ReviewStatus, type ReviewSchema } from "@gen/sabores/v1/review_pb";
import { type CreateReviewRequest, ReviewService } from "@gen/sabores/v1/review_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

const delivered = {
  id: 12n,
  status: OrderStatus.COMPLETED,
  statusText: "delivered",
  paymentMethod: PaymentMethod.TRANSFER,
  paymentStatus: PaymentStatus.PAID,
  totalCents: 1400n,
  itemCount: 3,
  lines: [
    { productId: 1001n, name: "Guaraná", quantity: 2, lineTotalCents: 500n },
    { productId: 1002n, name: "Pão de Queijo", quantity: 1, lineTotalCents: 900n },
  ],
  createTime: { seconds: 1_790_000_000n, nanos: 0 },
};

it("lets the buyer of a delivered order review each product once, in Portuguese, and shows where it stands", async () => {
  const sent: CreateReviewRequest[] = [];
  const reviews: MessageInitShape<typeof ReviewSchema>[] = [{ id: 7n, productId: 1002n, stars: 3, status: ReviewStatus.REJECTED, rejectReason: "Fala de outro produto" }];
  const { user } = renderApp(
    "/orders/12",
    (router) => {
      router.service(AccountService, { getSession: () => signedIn() });
      router.service(InvoiceService, { listMyInvoices: () => ({ invoices: [] }) });
      router.service(OrderService, { getMyOrder: () => ({ order: delivered, events: [], cancellable: false }) });
      router.service(ReviewService, {
        listOrderReviews: () => ({ reviews }),
        createReview: (req) => {
          sent.push(req);
          reviews.push({ id: 8n, productId: req.productId, stars: req.stars, status: ReviewStatus.PENDING });
          return { review: { id: 8n } };
        },
      });
    },
    "pt",
  );
  const section = await screen.findByRole("region", { name: "Dê a sua opinião sobre a compra" });
  expect(await within(section).findByText("Não publicada")).toBeInTheDocument();
  expect(within(section).getByText("Motivo: Fala de outro produto")).toBeInTheDocument();
  await user.click(within(section).getByRole("button", { name: "Escrever uma opinião sobre Guaraná" }));
  const form = within(section).getByRole("form", { name: "Opinião sobre Guaraná" });
  await user.click(within(form).getByRole("button", { name: "Enviar opinião" }));
  expect(within(form).getByRole("alert")).toHaveTextContent("Escolha de 1 a 5 estrelas");
  expect(sent).toHaveLength(0);
  await user.click(within(form).getByRole("radio", { name: "4 estrelas" }));
  await user.type(within(form).getByLabelText("A sua opinião"), "  Bom, chegou frio. ");
  await user.click(within(form).getByRole("button", { name: "Enviar opinião" }));
  expect(await within(section).findByText("A aguardar revisão")).toBeInTheDocument();
  expect(sent).toEqual([expect.objectContaining({ orderId: 12n, productId: 1001n, stars: 4, text: "Bom, chegou frio.", language: Language.PT })]);
});

it("offers no review before the order is delivered", async () => {
  renderApp("/orders/12", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(InvoiceService, { listMyInvoices: () => ({ invoices: [] }) });
    router.service(OrderService, {
      getMyOrder: () => ({ order: { ...delivered, status: OrderStatus.SHIPPED }, events: [], cancellable: false }),
    });
  });
  await screen.findByRole("heading", { level: 1, name: "Pedido #12" });
  expect(screen.queryByRole("region", { name: "Opina sobre tu compra" })).toBeNull();
});
