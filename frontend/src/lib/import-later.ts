/**
 * importLater asks for a module from a task of its own. The storefront's
 * modules come in a few large chunks (vite.config.ts, storefrontChunks),
 * and a module evaluates when it is first imported: an import() of one whose
 * chunk is already in resolves at once, so its evaluation would lengthen the
 * task that asked for it, which on a phone is what makes a task long.
 */
export function importLater<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load);
}
