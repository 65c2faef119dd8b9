import { createContext, startTransition, use, useCallback, useState, type ReactNode } from "react";
import { defer, useDeferred } from "@/lib/deferred";
import type { User } from "@gen/sabores/v1/types_pb";

/** Viewer is who is browsing, as the header and guards need it. */
export type Viewer = "guest" | "client" | "admin" | "till";

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
  // The answer comes while a server-rendered page may still be hydrating: the
  // page's sections below this provider are hydrated apart (Suspense), and a
  // context change reaching one not hydrated yet hydrates it at the update's
  // priority. Outside a transition that is the whole page in one task, which
  // a phone's CPU takes hundreds of milliseconds for (issue 20's blocking
  // time); in one React hydrates it in slices and the header follows.
  const report = useCallback((next: Session) => startTransition(() => setSession(next)), []);
  const loaded = useDeferred(sessionQuery);
  return (
    <SessionContext value={session}>
      {children}
      {loaded && <loaded.SessionQuery onChange={report} />}
    </SessionContext>
  );
}

/** useSession is the session SessionProvider keeps. */
export function useSession(): Session {
  return use(SessionContext);
}

/** accountHome is where the account button leads for each viewer. */
export function accountHome(viewer: Viewer): string {
  return viewer === "admin" ? "/admin" : viewer === "till" ? "/admin/caja" : viewer === "client" ? "/client-dashboard" : "/auth";
}
