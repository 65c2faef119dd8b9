import { useCallback, useEffect, useState } from "react";
import { useServerSnapshot } from "@/lib/hydration";
import { readJSON, writeJSON } from "@/lib/storage";

/**
 * useLocalStorageState keeps a value in local storage under key, parsed with
 * parse, and follows changes made in other tabs.
 */
export function useLocalStorageState<T>(key: string, parse: (raw: unknown) => T) {
  const [value, setValue] = useState<T>(() => parse(readJSON(localStorage, key)));

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
  // A server-rendered page knows nothing stored: hydration shows what the
  // server rendered, and the stored value in the render right after.
  const server = useServerSnapshot();
  const [empty] = useState(() => parse(undefined));
  return [server ? empty : value, update] as const;
}
