import { useCallback, useEffect, useRef, useState } from "react";

/** PendingChanges is what usePendingChanges gives its screen. */
export interface PendingChanges<V> {
  /** pending are the edits not sent yet, by key. */
  pending: ReadonlyMap<string, V>;
  /** saving are the edits being sent now, by key. */
  saving: ReadonlyMap<string, V>;
  /** count is the number of edits not sent yet. */
  count: number;
  /** isSaving says whether a batch is being sent. */
  isSaving: boolean;
  /** set records an edit and restarts the countdown to the automatic flush. */
  set: (key: string, value: V) => void;
  /** flush sends the pending edits at once ('Salvar Alterações'). */
  flush: () => Promise<void>;
}

function merge<V>(batches: ReadonlyMap<string, V>[]): ReadonlyMap<string, V> {
  const out = new Map<string, V>();
  for (const b of batches) for (const [k, v] of b) out.set(k, v);
  return out;
}

/**
 * usePendingChanges holds edits as pending changes and sends them as one
 * batch delayMs after the last edit, or at once on flush. Batches are sent
 * one after the other, so a later edit of the same key always wins. A batch
 * that fails is dropped (the screen shows the server's state again); save
 * decides what to tell the user. Edits still pending when the screen closes
 * are sent then rather than lost.
 */
export function usePendingChanges<V>(
  save: (changes: ReadonlyMap<string, V>) => Promise<void>,
  delayMs = 1000,
): PendingChanges<V> {
  const [pending, setPendingState] = useState<ReadonlyMap<string, V>>(() => new Map());
  const [saving, setSaving] = useState<ReadonlyMap<string, V>>(() => new Map());
  const pendingRef = useRef<ReadonlyMap<string, V>>(pending);
  const inFlight = useRef<ReadonlyMap<string, V>[]>([]);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const setPending = useCallback((next: ReadonlyMap<string, V>) => {
    pendingRef.current = next;
    setPendingState(next);
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const batch = pendingRef.current;
    if (batch.size === 0) return chain.current;
    setPending(new Map());
    inFlight.current = [...inFlight.current, batch];
    setSaving(merge(inFlight.current));
    chain.current = chain.current.then(async () => {
      try {
        await saveRef.current(batch);
      } catch (err) {
        console.warn("admin: saving pending changes failed", err);
      } finally {
        inFlight.current = inFlight.current.filter((b) => b !== batch);
        setSaving(merge(inFlight.current));
      }
    });
    return chain.current;
  }, [setPending]);

  const set = useCallback(
    (key: string, value: V) => {
      const next = new Map(pendingRef.current);
      next.set(key, value);
      setPending(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [delayMs, flush, setPending],
  );

  // Closing the screen sends what is still pending instead of losing it.
  useEffect(
    () => () => {
      if (timer.current !== undefined) void flush();
    },
    [flush],
  );

  return { pending, saving, count: pending.size, isSaving: saving.size > 0, set, flush };
}
