import { startTransition, useEffect, useState } from "react";
import { renderedTime, useServerSnapshot } from "@/lib/hydration";

/** Clock calls its listeners with the time, every intervalMs, while it has any. */
interface Clock {
  listeners: Set<(now: number) => void>;
  timer?: ReturnType<typeof setInterval>;
}

// One clock per pace: a page of offers with their countdowns ticks once a
// second for all of them, in one render, where a timer each made a task (and
// a layout) each, every second, on a phone's busy main thread.
const clocks = new Map<number, Clock>();

function subscribe(intervalMs: number, listener: (now: number) => void): () => void {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { listeners: new Set() };
    clocks.set(intervalMs, clock);
  }
  const c = clock;
  c.listeners.add(listener);
  c.timer ??= setInterval(() => {
    const now = Date.now();
    for (const l of c.listeners) l(now);
  }, intervalMs);
  return () => {
    c.listeners.delete(listener);
    if (c.listeners.size === 0) {
      clearInterval(c.timer);
      c.timer = undefined;
    }
  };
}

/**
 * useNow returns the current time, refreshed every intervalMs. A page
 * rendered on the server shows the time it was rendered at, in its HTML and
 * while it hydrates, and the clock straight after.
 */
export function useNow(intervalMs = 1000): number {
  const server = useServerSnapshot();
  const [now, setNow] = useState(() => Date.now());
  // A tick is a transition: the page's countdowns render together, in
  // slices that give way to a tap, instead of one long task every second.
  useEffect(() => subscribe(intervalMs, (t) => startTransition(() => setNow(t))), [intervalMs]);
  return server ? (renderedTime() ?? now) : now;
}
