// Thin, failure-tolerant wrappers around Web Storage: private browsing modes
// and full quotas throw, and a broken value must never break the page.

/** readJSON parses a stored JSON value, or returns undefined when absent or invalid. */
export function readJSON(storage: Storage, key: string): unknown {
  return parseStored(key, readString(storage, key));
}

/** parseStored parses raw, the JSON stored under key, or returns undefined when absent or invalid. */
export function parseStored(key: string, raw: string | null): unknown {
  try {
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch (err) {
    console.error(`storage: invalid value under "${key}"`, err);
    return undefined;
  }
}

/** writeJSON stores a value as JSON, ignoring storage failures. */
export function writeJSON(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (err) {
    console.warn(`storage: cannot write "${key}"`, err);
  }
}

/** readString returns a stored string or null. */
export function readString(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** writeString stores a string, ignoring storage failures. */
export function writeString(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (err) {
    console.warn(`storage: cannot write "${key}"`, err);
  }
}
