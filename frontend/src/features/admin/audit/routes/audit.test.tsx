import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminAuditService, AuditEventSchema } from "@gen/sabores/v1/admin_audit_service_pb";

// Issue 37: the trail names which key or which session a change came
// through, not only "a session".
const events = [
  create(AuditEventSchema, { id: 3n, actor: "api-key:7", action: "product.price", entity: "product:1001", apiKeyId: 7n, apiKeyName: "ERP Holded", createTime: timestampFromDate(new Date("2026-11-29T10:00:00Z")) }),
  create(AuditEventSchema, {
    id: 2n, actor: "owner@sabores.es", action: "product.price", entity: "product:1002", sessionId: 42n,
    sessionStartTime: timestampFromDate(new Date("2026-11-29T08:15:00Z")), createTime: timestampFromDate(new Date("2026-11-29T09:00:00Z")),
  }),
  create(AuditEventSchema, { id: 1n, actor: "owner@sabores.es", action: "product.price", entity: "product:2001", createTime: timestampFromDate(new Date("2026-11-01T09:00:00Z")) }),
];

describe("audit screen", () => {
  it.each([
    ["es", "con la clave API «ERP Holded» (n.º 7)", /^en la sesión n\.º 42, iniciada el 29\/11\/26,? 9:15 \(hora de Madrid\)$/, "con una sesión iniciada (anterior al registro de sesiones)"],
    ["pt", "com a chave API «ERP Holded» (n.º 7)", /^na sessão n\.º 42, iniciada em 29\/11\/26,? 09:15 \(hora de Madrid\)$/, "com uma sessão iniciada (anterior ao registo de sessões)"],
  ] as const)("in %s, names the key and the session each change came through", async (language, key, session, older) => {
    renderAdmin("/admin/audit", (router) => router.service(AdminAuditService, { listAuditEvents: () => ({ events, totalSize: 3 }) }), { language });
    expect(await screen.findByText(key)).toBeVisible();
    expect(screen.getByText(session)).toBeVisible();
    expect(screen.getByText(older)).toBeVisible();
  });
});
