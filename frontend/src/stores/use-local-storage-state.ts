import { useCallback, useSyncExternalStore } from "react";
import { parseStored, readString, writeJSON } from "@/lib/storage";

// A stored value is read where it is shown, each reader subscribed on its
// own: a change renders its readers again and nothing else. Kept in a
// context, it reached every product card of a server-rendered page, and a
// card still waiting to hydrate (lib/hydrate-when-seen.tsx) was thrown away
// and rendered anew when a returning shopper's favourites or cart arrived
// right after hydration.

interface Entry {
  /** raw is what local storage held when value was last read or written. */
  raw: string | null | undefined;
  value: unknown;
  /** empty is what a first visit reads, and what the server renders. */
  empty: unknown;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();

function entryOf(key: string, parse: (raw: unknown) => unknown): Entry {
  let entry = entries.get(key);
  if (!entry) {
    const empty = parse(undefined);
    entry = { raw: undefined, value: empty, empty, listeners: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

// Read at every render (useSyncExternalStore asks often): storage changed by
// another tab, or by anything but this module, is parsed again. A stored
// value that reads as empty is the empty value itself, so a first visit's
// render after hydration changes nothing and renders no reader again.
function read<T>(key: string, parse: (raw: unknown) => T): T {
  const entry = entryOf(key, parse);
  const raw = readString(localStorage, key);
  if (raw !== entry.raw) {
    const value = parse(parseStored(key, raw));
    entry.raw = raw;
    entry.value = JSON.stringify(value) === JSON.stringify(entry.empty) ? entry.empty : value;
  }
  return entry.value as T;
}

function subscribe(key: string, parse: (raw: unknown) => unknown, listener: () => void): () => void {
  const entry = entryOf(key, parse);
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) listener();
  };
  entry.listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    entry.listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * useLocalStorageState keeps a value in local storage under key, parsed with
 * parse, and follows changes made in other tabs. A server-rendered page knows
 * nothing stored: the server and the hydration show the empty value, and
 * each reader the stored one in its render right after.
 */
export function useLocalStorageState<T>(key: string, parse: (raw: unknown) => T) {
  const value = useSyncExternalStore(
    useCallback((listener: () => void) => subscribe(key, parse, listener), [key, parse]),
    () => read(key, parse),
    () => entryOf(key, parse).empty as T,
  );
  const update = useCallback(
    (next: (prev: T) => T) => {
      const entry = entryOf(key, parse);
      const value = next(read(key, parse));
      writeJSON(localStorage, key, value);
      // What storage holds now: the value written, or, when it refused (a
      // private mode, a full quota), what it held before, and the value is
      // kept in memory for this page.
      entry.raw = readString(localStorage, key);
      entry.value = value;
      for (const listener of [...entry.listeners]) listener();
    },
    [key, parse],
  );
  return [value, update] as const;
}
