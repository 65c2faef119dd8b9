import { readJSON, writeJSON } from "@/lib/storage";

// Analytics stays in the browser: page views and interactions are kept in
// local storage, and only while the shopper has allowed analytics cookies.

const maxEntries = 200;

/** PageView is one recorded navigation. */
export interface PageView {
  page: string;
  timestamp: string;
  userAgent: string;
}

/** Interaction is one recorded shopper action (add to cart, search...). */
export interface Interaction {
  action: string;
  data: unknown;
  timestamp: string;
}

function analyticsAllowed(): boolean {
  const prefs = readJSON(localStorage, "cookiePreferences");
  return typeof prefs === "object" && prefs !== null && (prefs as { analytics?: unknown }).analytics === true;
}

function append<T>(key: string, entry: T): void {
  const stored = readJSON(localStorage, key);
  const list = Array.isArray(stored) ? (stored as T[]) : [];
  list.push(entry);
  writeJSON(localStorage, key, list.slice(-maxEntries));
}

/** recordPageView stores a page view when analytics is allowed. */
export function recordPageView(page: string): void {
  if (!analyticsAllowed()) return;
  append<PageView>("pageViews", { page, timestamp: new Date().toISOString(), userAgent: navigator.userAgent });
}

/** recordInteraction stores a shopper action when analytics is allowed. */
export function recordInteraction(action: string, data: unknown): void {
  if (!analyticsAllowed()) return;
  append<Interaction>("userInteractions", { action, data, timestamp: new Date().toISOString() });
}
