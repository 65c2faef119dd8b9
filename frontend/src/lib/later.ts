/**
 * later runs work in a task of its own, after the current one, and gives its
 * result. The storefront's modules come in a few large chunks (vite.config.ts,
 * storefrontChunks), and a module evaluates when it is first imported: an
 * import() of one whose chunk is already in resolves at once, so its
 * evaluation, like any start-up work, would otherwise lengthen the task that
 * asked for it, which on a phone is what makes a task long.
 */
export function later<T>(work: () => T | Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(work);
}
