import { useSyncExternalStore } from "react";

/**
 * Deferred is a module that starts downloading as soon as it is declared and
 * that components read without suspending: until it is in, they render their
 * placeholder. The storefront keeps its data layer (the generated descriptors
 * and the protobuf reflection behind them) in such modules, so the page's
 * frame and skeletons paint first while that chunk arrives alongside.
 *
 * Unlike React.lazy behind Suspense, the arrival is an ordinary update: React
 * does not hold it back to pace the reveal of Suspense fallbacks.
 */
export interface Deferred<T> {
  /** state is the module once it has arrived, or why it failed. */
  state(): DeferredState<T>;
  /** subscribe calls listener when the module arrives or fails. */
  subscribe(listener: () => void): () => void;
}

/** DeferredState is where a Deferred stands. */
export type DeferredState<T> = { value?: T; error?: unknown };

const pending: DeferredState<never> = {};

// The loads still under way, for hydration to wait for (deferredSettled).
const loading = new Set<Promise<unknown>>();

/**
 * deferredSettled resolves once every module deferred so far has arrived or
 * failed: a server-rendered page hydrates with them in, as the server
 * rendered it, instead of finding placeholders where the HTML has content.
 */
export async function deferredSettled(): Promise<void> {
  while (loading.size > 0) await Promise.allSettled([...loading]);
}

/** defer starts load at once and returns its Deferred. */
export function defer<T>(load: () => Promise<T>): Deferred<T> {
  let state: DeferredState<T> = pending;
  const listeners = new Set<() => void>();
  const settle = (next: DeferredState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const loaded: Promise<unknown> = load().then(
    (value) => settle({ value }),
    (err: unknown) => settle({ error: err ?? new Error("deferred module failed to load") }),
  );
  loading.add(loaded);
  void loaded.finally(() => loading.delete(loaded));
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * useDeferred returns the module once it has arrived, else undefined. A
 * failed download is thrown, for the nearest error boundary to show.
 */
export function useDeferred<T>(deferred: Deferred<T>): T | undefined {
  const state = useSyncExternalStore(deferred.subscribe, deferred.state, deferred.state);
  if (state.error !== undefined) throw state.error;
  return state.value;
}
