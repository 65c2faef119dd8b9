import { useCallback, useEffect, useState } from "react";
import { useServerSnapshot } from "@/lib/hydration";
import { readJSON, writeJSON } from "@/lib/storage";

/**
 * useLocalStorageState keeps a value in local storage under key, parsed with
 * parse, and follows changes made in other tabs.
 */
export function useLocalStorageState<T>(key: string, parse: (raw: unknown) => T) {
  // A server-rendered page knows nothing stored: hydration shows the empty
  // value, and the stored one in the render right after. When what is stored
  // reads as empty too (a first visit), the state is that same empty value,
  // so the render after hydration changes nothing and the store's consumers
  // (the header, every product card) are not rendered again.
  const [empty] = useState(() => parse(undefined));
  const [value, setValue] = useState<T>(() => {
    const stored = parse(readJSON(localStorage, key));
    return JSON.stringify(stored) === JSON.stringify(empty) ? empty : stored;
  });

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setValue(parse(readJSON(localStorage, key)));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key, parse]);

  const update = useCallback(
    (next: (prev: T) => T) => {
      setValue((prev) => {
        const v = next(prev);
        writeJSON(localStorage, key, v);
        return v;
      });
    },
    [key],
  );
  const server = useServerSnapshot();
  return [server ? empty : value, update] as const;
}
