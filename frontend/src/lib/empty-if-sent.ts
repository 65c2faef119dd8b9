/**
 * emptyIfSent empties a form field once what was sent is saved, unless the
 * user has already typed something else into it: a save's answer can come
 * after the refreshed figures it waits for, and by then the next entry may be
 * half typed. Use as setField(emptyIfSent(sentValue)).
 */
export function emptyIfSent(sent: string): (now: string) => string {
  return (now) => (now === sent ? "" : now);
}
