import { createContext, use, useState, type ReactNode } from "react";
import { defer, useDeferred } from "@/lib/deferred";
import type { User } from "@gen/sabores/v1/types_pb";

/** Viewer is who is browsing, as the header and guards need it. */
export type Viewer = "guest" | "client" | "admin";

/**
 * Session is who is signed in. `resolved` turns true once the server's
 * answer (or a failure, which counts as a guest) is in.
 */
export interface Session {
  user?: User;
  viewer: Viewer;
  resolved: boolean;
}

const unresolved: Session = { viewer: "guest", resolved: false };
const SessionContext = createContext<Session>(unresolved);

// The query and the account descriptors it needs come with the data layer,
// which downloads beside the first paint; until then the header shows a guest.
const sessionQuery = defer(() => import("@/hooks/session-query"));

/** SessionProvider asks the server who is signed in, once, for the whole app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState(unresolved);
  const loaded = useDeferred(sessionQuery);
  return (
    <SessionContext value={session}>
      {children}
      {loaded && <loaded.SessionQuery onChange={setSession} />}
    </SessionContext>
  );
}

/** useSession is the session SessionProvider keeps. */
export function useSession(): Session {
  return use(SessionContext);
}

/** accountHome is where the account button leads for each viewer. */
export function accountHome(viewer: Viewer): string {
  return viewer === "admin" ? "/admin" : viewer === "client" ? "/client-dashboard" : "/auth";
}
