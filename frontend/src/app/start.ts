import { startEntryPage } from "@/app/entry-pages";

/**
 * entryPage is the current page's chunk and texts, downloading since this
 * module ran. main.tsx imports it first, so the downloads start before the
 * browser evaluates the rest of the app (react-dom above all).
 */
export const entryPage = startEntryPage(window.location.pathname);
