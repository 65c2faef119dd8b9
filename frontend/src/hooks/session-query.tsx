import { useQuery } from "@connectrpc/connect-query";
import { useEffect } from "react";
import { useLocation } from "react-router";
import type { Session, Viewer } from "@/hooks/use-session";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";

/** SessionQuery keeps the server's GetSession answer and reports it through onChange. */
export function SessionQuery({ onChange }: { onChange: (session: Session) => void }) {
  // Signing out clears the whole cache and goes home. Rendering again on each
  // navigation lets useQuery rebuild the cleared query there and ask the
  // server afresh, once the signed-in page has gone (it would otherwise send
  // the shopper to sign in).
  useLocation();
  const query = useQuery(AccountService.method.getSession, {}, { staleTime: 60_000 });
  const user = query.data?.signedIn ? query.data.user : undefined;
  const viewer: Viewer = !user ? "guest" : user.role === Role.ADMIN ? "admin" : user.role === Role.TILL ? "till" : "client";
  const resolved = !query.isPending;
  useEffect(() => onChange({ user, viewer, resolved }), [onChange, user, viewer, resolved]);
  return null;
}
