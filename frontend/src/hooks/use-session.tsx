import { useEffect, useSyncExternalStore, type ReactNode } from "react";
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

// The session is a store its readers subscribe to, not a context: a context
// change reaches every part of a server-rendered page still waiting to
// hydrate (hydrate-when-seen.tsx), and React, not knowing what such a part
// reads, renders it again from scratch, while the answer is held back until
// it can commit. On the home page that was every section below the first
// screen rendered and thrown away, twice, as the answer came in.
let current = unresolved;
const listeners = new Set<() => void>();

function report(next: Session) {
  if (next.viewer === current.viewer && next.resolved === current.resolved && next.user === current.user) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The query and the account descriptors it needs come with the data layer,
// which downloads beside the first paint; until then the header shows a guest.
const sessionQuery = defer(() => import("@/hooks/session-query"));

/** SessionProvider asks the server who is signed in, once, for the whole app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const loaded = useDeferred(sessionQuery);
  // Gone (a test's app unmounted), it leaves no one signed in for the next.
  useEffect(() => () => report(unresolved), []);
  return (
    <>
      {children}
      {loaded && <loaded.SessionQuery onChange={report} />}
    </>
  );
}

/**
 * useSession is the session SessionProvider keeps; what the server rendered
 * (a guest, not resolved) while a page hydrates.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => current, () => unresolved);
}

/** accountHome is where the account button leads for each viewer. */
export function accountHome(viewer: Viewer): string {
  return viewer === "admin" ? "/admin" : viewer === "till" ? "/admin/caja" : viewer === "client" ? "/client-dashboard" : "/auth";
}
