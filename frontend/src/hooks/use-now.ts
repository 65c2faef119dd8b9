import { useEffect, useState } from "react";
import { renderedTime, useServerSnapshot } from "@/lib/hydration";

/**
 * useNow returns the current time, refreshed every intervalMs. A page
 * rendered on the server shows the time it was rendered at, in its HTML and
 * while it hydrates, and the clock straight after.
 */
export function useNow(intervalMs = 1000): number {
  const server = useServerSnapshot();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return server ? (renderedTime() ?? now) : now;
}
