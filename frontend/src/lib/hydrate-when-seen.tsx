import { Suspense, use, useId, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useServerSnapshot } from "@/lib/hydration";

// A server-rendered page is painted before its JavaScript runs, and what is
// below the first screen needs none until the shopper gets to it: hydrating
// it with the rest cost a phone's main thread most of the page's blocking
// time (issue 36). Such parts hydrate once they come near the viewport or
// the shopper first touches, clicks, types or tabs anywhere, whichever is
// first; until then they are the server's HTML, links working as links.

let gating = false;

/**
 * hydrateWhenSeen turns the gates on for the hydration of a server-rendered
 * page whose data is current (main.tsx): a stale page's parts must hydrate
 * at once, while its data is the one they were rendered with.
 */
export function hydrateWhenSeen(on: boolean) {
  gating = on;
  // Turned off (or on again), every part waiting is let go.
  for (const open of [...pending]) open();
  gates.clear();
}

// A gate is a promise React reads with use(): marked fulfilled (React's
// convention for a settled promise) before it resolves, so a hydration React
// retries synchronously, in the event that released it, finds it open at once.
type GatePromise = Promise<void>;
const fulfilled = (g: GatePromise) => Object.assign(g, { status: "fulfilled", value: undefined });

const openGate = fulfilled(Promise.resolve());
const gates = new Map<string, GatePromise>();
// The gates still closed, each by the function that opens it.
const pending = new Set<() => void>();

// Near enough: a part starts hydrating while it is still a few hundred pixels
// below the viewport, before the shopper's thumb gets there.
const margin = "300px 0px";
const interactions = ["pointerdown", "mousedown", "touchstart", "keydown", "focusin", "click"] as const;

// The first interaction lets every part go, before the page's own handlers
// run: React hydrates the part it landed in at once (the tap counts) and the
// rest in slices after. A change the tap makes that reaches a part still
// waiting (a favourite ticked: every card's heart reads the list) would
// otherwise make React throw that part's HTML away and render it anew.
function onInteraction() {
  hydrateWhenSeen(false);
}

/** boundaryElements are the elements of the Suspense boundary right after marker, as the server rendered it. */
function boundaryElements(marker: Element): Element[] {
  const start = marker.nextSibling;
  if (!(start instanceof Comment) || !start.data.startsWith("$")) return [];
  const out: Element[] = [];
  let depth = 0;
  for (let n = start.nextSibling; n; n = n.nextSibling) {
    if (n instanceof Comment) {
      if (n.data.startsWith("$")) depth++;
      else if (n.data === "/$" && depth-- === 0) return out;
    } else if (n instanceof Element && depth === 0) {
      out.push(n);
    }
  }
  return [];
}

function gate(id: string): GatePromise {
  const existing = gates.get(id);
  if (existing) return existing;
  let resolve!: () => void;
  const g: GatePromise = new Promise<void>((r) => (resolve = r));
  gates.set(id, g);
  const marker = document.querySelector(`template[data-hydrate-when-seen="${CSS.escape(id)}"]`);
  const elements = marker ? boundaryElements(marker) : [];
  const observer =
    elements.length > 0 && typeof IntersectionObserver !== "undefined"
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), { rootMargin: margin })
      : undefined;
  // (React marks a promise it waits for "pending" itself, hence a flag of our own.)
  let opened = false;
  function open() {
    if (opened) return;
    opened = true;
    fulfilled(g);
    observer?.disconnect();
    pending.delete(open);
    if (pending.size === 0) for (const type of interactions) window.removeEventListener(type, onInteraction, true);
    resolve();
  }
  if (!observer) {
    open();
    return g;
  }
  if (pending.size === 0) for (const type of interactions) window.addEventListener(type, onInteraction, true);
  pending.add(open);
  for (const e of elements) observer.observe(e);
  return g;
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  const server = useServerSnapshot();
  // Only the hydration of the page the browser was sent waits (main.tsx
  // turns the gates on; the server never does), and only its first render.
  // use() every render, of an open gate when there is none to wait for:
  // React wants the same calls in the render after one that waited.
  use(server && gating ? gate(id) : openGate);
  return children;
}

/**
 * HydrateWhenSeen leaves its children as the server rendered them until they
 * come near the viewport or the shopper interacts with the page. Its children
 * must render at least one element (that is what is watched); elsewhere than
 * in the first hydration they render at once.
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  const id = useId();
  // A navigation (a router transition) changes what every link below reads,
  // and React holds a transition until the parts it updates have hydrated: a
  // part still waiting to be seen held the shopper's click on a product until
  // they scrolled to the footer (the address changed, the page did not). The
  // first change of address lets every part go, in the render that makes it.
  const { key } = useLocation();
  const [firstKey] = useState(key);
  if (key !== firstKey && gating) hydrateWhenSeen(false);
  return (
    <>
      <template data-hydrate-when-seen={id} />
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </>
  );
}
