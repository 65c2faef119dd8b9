import { useQuery } from "@connectrpc/connect-query";
import { useEffect } from "react";
import type { Session, Viewer } from "@/hooks/use-session";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";

/** SessionQuery keeps the server's GetSession answer and reports it through onChange. */
export function SessionQuery({ onChange }: { onChange: (session: Session) => void }) {
  const query = useQuery(AccountService.method.getSession, {}, { staleTime: 60_000 });
  const user = query.data?.signedIn ? query.data.user : undefined;
  const viewer: Viewer = !user ? "guest" : user.role === Role.ADMIN ? "admin" : "client";
  const resolved = !query.isPending;
  useEffect(() => onChange({ user, viewer, resolved }), [onChange, user, viewer, resolved]);
  return null;
}
