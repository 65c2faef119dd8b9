import { act, useEffect, useState, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter, Outlet, Route, Routes, useNavigate, type NavigateFunction } from "react-router";
import { afterEach, beforeEach, expect, it } from "vitest";
import { HydrateWhenSeen, hydrateWhenSeen } from "@/lib/hydrate-when-seen";

// jsdom has no IntersectionObserver: this one is told by the test when its
// elements come into view, as a browser's would be by scrolling.
const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class TestIntersectionObserver {
  elements: Element[] = [];
  constructor(public callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe(e: Element) {
    this.elements.push(e);
  }
  disconnect() {
    observers.splice(observers.indexOf(this), 1);
  }
}
function scrollIntoView(e: Element) {
  for (const o of [...observers]) {
    if (!o.elements.includes(e)) continue;
    o.callback([{ target: e, isIntersecting: true } as IntersectionObserverEntry], o as never);
  }
}

// hydrateRoot is used as main.tsx does, so act() is told it may wrap it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let hydrated: string[] = [];
function Part({ name, children }: { name: string; children?: ReactNode }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    hydrated.push(name);
  }, [name]);
  return (
    <div data-testid={name}>
      <button type="button" onClick={() => setClicks((c) => c + 1)}>
        {name} {clicks}
      </button>
      {children}
    </div>
  );
}

// As the app's layout: the footer stays across pages, its links read the
// router's location; the part below belongs to the first page. navigate is
// the app's own way there without a shopper's event (a page number put
// right, the browser's back button).
let navigate: NavigateFunction;
const keepNavigate = (n: NavigateFunction) => {
  navigate = n;
};
function Navigator() {
  const n = useNavigate();
  useEffect(() => keepNavigate(n), [n]);
  return null;
}

function Layout() {
  return (
    <main>
      <Navigator />
      <Part name="top">
        <Link to="/other">other page</Link>
      </Part>
      <Outlet />
      <HydrateWhenSeen>
        <Part name="footer">
          <Link to="/">home</Link>
        </Part>
      </HydrateWhenSeen>
    </main>
  );
}

function Page() {
  return (
    <MemoryRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route
            index
            element={
              <HydrateWhenSeen>
                <Part name="below" />
              </HydrateWhenSeen>
            }
          />
          <Route path="other" element={<h1>The other page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>
  );
}

let container: HTMLElement;
let root: Root | undefined;

beforeEach(() => {
  hydrated = [];
  globalThis.IntersectionObserver = TestIntersectionObserver as never;
  container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
});

afterEach(async () => {
  await act(async () => hydrateWhenSeen(false));
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
}

it("hydrates the parts below the first screen once they come into view, each on its own", async () => {
  hydrateWhenSeen(true);
  await hydrate();
  expect(hydrated).toEqual(["top"]);
  // Still the server's HTML, untouched.
  expect(container.querySelector("[data-testid=below]")?.textContent).toBe("below 0");

  await act(async () => scrollIntoView(container.querySelector("[data-testid=below]")!));
  expect(hydrated).toEqual(["top", "below"]);
  expect(observers).toHaveLength(1);
});

it("lets every part go at the shopper's first click, hydrating them where they are, and the click counts", async () => {
  hydrateWhenSeen(true);
  await hydrate();
  const below = container.querySelector("[data-testid=below]");
  const button = container.querySelector("[data-testid=footer] button")!;
  await act(async () => {
    button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  expect(hydrated.toSorted()).toEqual(["below", "footer", "top"]);
  expect(button.textContent).toBe("footer 1");
  // Hydrated, not rendered anew: the server's elements are the app's.
  expect(container.querySelector("[data-testid=below]")).toBe(below);
  expect(container.querySelector("[data-testid=footer] button")).toBe(button);
  expect(observers).toHaveLength(0);
});

it("follows a link while parts below still wait, and lets them go", async () => {
  hydrateWhenSeen(true);
  await hydrate();
  expect(hydrated).toEqual(["top"]);
  const link = container.querySelector<HTMLAnchorElement>("[data-testid=top] a")!;
  await act(async () => link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })));
  expect(container.querySelector("h1")?.textContent).toBe("The other page");
  expect(hydrated).toEqual(["top", "footer"]);
  expect(observers).toHaveLength(0);
});

it("goes where the app navigates without a shopper's event while parts below still wait", async () => {
  hydrateWhenSeen(true);
  await hydrate();
  expect(hydrated).toEqual(["top"]);
  await act(async () => navigate("/other"));
  expect(container.querySelector("h1")?.textContent).toBe("The other page");
  expect(hydrated).toEqual(["top", "footer"]);
});

it("hydrates everything at once when the gates are off (a stale page)", async () => {
  await hydrate();
  expect(hydrated.sort()).toEqual(["below", "footer", "top"]);
  expect(observers).toHaveLength(0);
});
