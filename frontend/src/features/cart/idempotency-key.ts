import { readJSON, writeJSON } from "@/lib/storage";

// PlaceOrder is made safe to retry with a client-chosen key: the same key
// returns the same order. The key lives in session storage so a reload or a
// network retry of the same checkout reuses it, while a changed cart or form
// (a different request) gets a fresh one.

const storageKey = "checkoutIdempotency";

interface StoredKey {
  key: string;
  fingerprint: string;
}

/** idempotencyKeyFor returns the key for this exact request, creating one if needed. */
export function idempotencyKeyFor(fingerprint: string, newKey: () => string = () => crypto.randomUUID()): string {
  const stored = readJSON(sessionStorage, storageKey) as StoredKey | undefined;
  if (stored && typeof stored.key === "string" && stored.fingerprint === fingerprint) return stored.key;
  const key = newKey();
  writeJSON(sessionStorage, storageKey, { key, fingerprint } satisfies StoredKey);
  return key;
}

/** forgetIdempotencyKey drops the key once the order is placed. */
export function forgetIdempotencyKey(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
