import { startEntryPage } from "@/app/entry-pages";

/**
 * entryPage is the current page's chunk and texts, asked for from the task
 * that evaluates the app: main.tsx imports this module first, so nothing it
 * awaits comes before them.
 */
export const entryPage = startEntryPage(window.location.pathname);

// The data layer's first pieces are asked for on their own as well: each
// import evaluates as soon as its own modules are in, in a task of its own,
// so protobuf's runtime (descriptor.proto booted) and the catalogue's shared
// descriptors no longer evaluate in the page's task with everything else.
void import("@bufbuild/protobuf/codegenv2");
void import("@gen/sabores/v1/types_pb");
