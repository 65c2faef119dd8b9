import { startEntryPage } from "@/app/entry-pages";

/**
 * entryPage is the current page's chunk and texts, asked for from the task
 * that evaluates the app: main.tsx imports this module first, so nothing it
 * awaits comes before them.
 */
export const entryPage = startEntryPage(window.location.pathname);
