import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import {
  AdminDiscountCodeService,
  type CreateDiscountCodeRequest,
  DiscountKind,
  type SetDiscountCodePausedRequest,
} from "@gen/sabores/v1/admin_discount_code_service_pb";

it("creates a code from the form, shows each code's use and pauses it", async () => {
  const created: CreateDiscountCodeRequest[] = [];
  const paused: SetDiscountCodePausedRequest[] = [];
  const { user } = renderAdmin(
    "/admin/discount-codes",
    (router) =>
      router.service(AdminDiscountCodeService, {
        listDiscountCodes: () => ({
          codes: [{ id: 7n, uses: 3, discountedCents: 1234n, spec: { code: "VERAO10", kind: DiscountKind.PERCENTAGE, percentBasisPoints: 1000, maxUses: 50 } }],
        }),
        createDiscountCode: (req) => {
          if (req.spec?.code === "VERAO10") throw new ConnectError("exists", Code.AlreadyExists);
          created.push(req);
          return {};
        },
        setDiscountCodePaused: (req) => {
          paused.push(req);
          return {};
        },
      }),
    { language: "es" },
  );
  const row = await screen.findByRole("listitem", { name: "VERAO10" });
  expect(within(row).getByText("3 / 50")).toBeInTheDocument();
  expect(within(row).getByText("12,34 €")).toBeInTheDocument();
  await user.click(within(row).getByRole("button", { name: "Pausar VERAO10" }));
  expect(paused).toMatchObject([{ id: 7n, paused: true }]);

  await user.type(screen.getByLabelText("Código"), "ola5");
  await user.click(screen.getByRole("radio", { name: "Importe fijo" }));
  await user.type(screen.getByLabelText("Porcentaje (%) o importe (€)"), "5,50");
  await user.type(screen.getByLabelText("Pedido mínimo en productos (€)"), "30");
  await user.type(screen.getByLabelText("Usos por cliente (0: sin límite)"), "1");
  await user.type(screen.getByLabelText("Categorías excluidas (separadas por comas)"), "perfumes, bebidas");
  await user.click(screen.getByRole("checkbox", { name: "Solo primer pedido" }));
  await user.click(screen.getByRole("button", { name: "Crear código" }));
  await expect.poll(() => created.length).toBe(1);
  expect(created[0].spec).toMatchObject({
    code: "ola5",
    kind: DiscountKind.FIXED,
    amountCents: 550n,
    minimumCents: 3000n,
    maxUsesPerShopper: 1,
    firstOrderOnly: true,
    excludedCategories: ["perfumes", "bebidas"],
  });

  await user.type(screen.getByLabelText("Código"), "VERAO10");
  await user.type(screen.getByLabelText("Porcentaje (%) o importe (€)"), "10");
  await user.click(screen.getByRole("button", { name: "Crear código" }));
  expect(await screen.findByText("Ya existe un código con ese nombre.")).toHaveAttribute("role", "alert");
});
