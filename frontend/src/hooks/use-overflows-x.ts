import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * useOverflowsX says whether the element is wider inside than it shows, so
 * a page can say that it scrolls sideways: a phone shows no scroll bar
 * until the finger moves. It follows the element's size and its content's
 * (ResizeObserver), and says false where there is no layout to measure.
 * It measures before the browser paints, so the hint is there with the
 * table's first paint and not a frame later.
 */
export function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
