import { startEntryPage } from "@/app/entry-pages";
import { initI18n, pageLanguage } from "@/lib/i18n";
import { later } from "@/lib/later";

/**
 * entryPage is the current page's chunk and texts, asked for from the task
 * that evaluates the app: main.tsx imports this module first, so nothing it
 * awaits comes before them.
 */
export const entryPage = startEntryPage(window.location.pathname);

/** language is the page's language: its URL's, or the back office's last one. */
export const language = pageLanguage(window.location.pathname);

/**
 * pageI18n is i18next started in the page's language, in a task of its own
 * after this module's: building the instance is 1.7 ms of a fast
 * machine's CPU, which on a phone made the task that evaluates the app
 * longer still (main.tsx waits for it only where it renders).
 */
export const pageI18n = later(() => initI18n(language));

// The data layer's first piece is asked for on its own as well, from a task
// of its own (its chunk may be in already), so the catalogue's shared
// descriptors do not evaluate in the page's task with everything else.
// (protobuf's codegenv2 is not asked for as a whole: its descriptor.proto,
// which no page needs now that descriptors come decoded, would be built
// with it.)
void later(() => import("@gen/sabores/v1/types_pb"));
