import { useQuery } from "@connectrpc/connect-query";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";

/** Viewer is who is browsing, as the header and guards need it. */
export type Viewer = "guest" | "client" | "admin";

/**
 * useSession asks the server who is signed in. `resolved` turns true once
 * the answer (or a failure, which counts as a guest) is in.
 */
export function useSession() {
  const query = useQuery(AccountService.method.getSession, {}, { staleTime: 60_000 });
  const user = query.data?.signedIn ? query.data.user : undefined;
  const viewer: Viewer = !user ? "guest" : user.role === Role.ADMIN ? "admin" : "client";
  return { user, viewer, resolved: !query.isPending, query };
}

/** accountHome is where the account button leads for each viewer. */
export function accountHome(viewer: Viewer): string {
  return viewer === "admin" ? "/admin" : viewer === "client" ? "/client-dashboard" : "/auth";
}
