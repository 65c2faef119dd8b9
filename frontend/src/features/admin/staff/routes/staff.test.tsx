import { Code, ConnectError } from "@connectrpc/connect";
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminStaffService, type GrantStaffRoleRequest } from "@gen/sabores/v1/admin_staff_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";

it("grants the till role by e-mail and says when there is no staff role to take back", async () => {
  const granted: GrantStaffRoleRequest[] = [];
  const { user } = renderAdmin(
    "/admin/staff",
    (router) =>
      router.service(AdminStaffService, {
        grantStaffRole: (req) => {
          granted.push(req);
          return {};
        },
        revokeStaffRole: () => {
          throw new ConnectError("this email holds no staff role", Code.NotFound);
        },
      }),
    { language: "es" },
  );
  await user.type(await screen.findByLabelText("E-mail"), "caja@sabores.es");
  expect(screen.getByRole("radio", { name: "Caja" })).toBeChecked();
  await user.click(screen.getByRole("button", { name: "Dar el permiso" }));
  expect(await screen.findByText("caja@sabores.es tiene ahora el permiso de Caja.")).toBeInTheDocument();
  expect(granted).toMatchObject([{ email: "caja@sabores.es", role: Role.TILL }]);

  await user.type(screen.getByLabelText("E-mail"), "nadie@example.com");
  await user.click(screen.getByRole("button", { name: "Quitar los permisos" }));
  expect(await screen.findByText("Este e-mail no tiene permisos de personal.")).toHaveAttribute("role", "alert");
});
