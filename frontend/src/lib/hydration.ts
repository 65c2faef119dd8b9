import { useSyncExternalStore } from "react";

let pageTime: number | undefined;

/**
 * setPageTime fixes the time a server-rendered page shows (countdowns): the
 * server sets it when it renders, the browser to the same value before it
 * hydrates, so both render the same digits before the clock takes over.
 */
export function setPageTime(ms: number | undefined) {
  pageTime = ms;
}

/** renderedTime is the time the page was rendered at, if it was rendered on the server. */
export function renderedTime(): number | undefined {
  return pageTime;
}

const never = () => () => {};

/**
 * useServerSnapshot is true while a component renders on the server or
 * hydrates the server's HTML, and false in every other render (React
 * renders the component again at once after hydrating it). Components whose
 * first render would read the browser's own state (local storage, the clock)
 * render as the server did while it is true.
 */
export function useServerSnapshot(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
