import { act, render, screen } from "@testing-library/react";
import { memo } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCart } from "@/stores/cart-store";

// A reader behind memo renders again only when the cart it reads changes.
function renderCounter() {
  const renders: number[] = [];
  const Count = memo(function Count() {
    const { count } = useCart();
    renders.push(count);
    return <span>{count}</span>;
  });
  const tree = <Count />;
  return { renders, tree };
}

async function hydrate() {
  const { renders, tree } = renderCounter();
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  renders.length = 0;
  await act(async () => {
    hydrateRoot(container, tree);
  });
  container.remove();
  return { renders, text: container.textContent };
}

describe("useLocalStorageState after hydrating a server-rendered page", () => {
  afterEach(() => localStorage.clear());

  it("renders the store's consumers once when nothing is stored", async () => {
    const { renders, text } = await hydrate();
    expect(renders).toEqual([0]);
    expect(text).toBe("0");
  });

  it("renders them once when what is stored reads as empty", async () => {
    localStorage.setItem("cart", "[]");
    const { renders } = await hydrate();
    expect(renders).toEqual([0]);
  });

  it("shows what is stored in the render right after hydrating", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: 7, name: "Guaraná", priceCents: 150, image: "", quantity: 2 }]));
    const { renders, text } = await hydrate();
    expect(renders).toEqual([0, 2]);
    expect(text).toBe("2");
  });
});

describe("useLocalStorageState's readers", () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  function Cart({ name }: { name: string }) {
    const { count, add } = useCart();
    return (
      <button type="button" onClick={() => add({ id: 7, name: "Guaraná", priceCents: 150, image: "", stock: 9 })}>
        {name} {count}
      </button>
    );
  }

  // Two readers of the cart: a unit added in the first shows in the second.
  async function addInOneReader() {
    render(
      <>
        <Cart name="a" />
        <Cart name="b" />
      </>,
    );
    await act(async () => screen.getByText("a 0").click());
    expect(screen.getByText("b 1")).toBeTruthy();
  }

  it("all follow a change one of them makes, and it is stored", async () => {
    await addInOneReader();
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([expect.objectContaining({ id: 7, quantity: 1 })]);
  });

  it("follow a change made in another tab", async () => {
    render(<Cart name="a" />);
    localStorage.setItem("cart", JSON.stringify([{ id: 7, name: "Guaraná", priceCents: 150, image: "", quantity: 3 }]));
    await act(async () => window.dispatchEvent(new StorageEvent("storage", { key: "cart" })));
    expect(screen.getByText("a 3")).toBeTruthy();
  });

  it("keep a change storage refuses (a private mode, a full quota) for the page", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    await addInOneReader();
    expect(localStorage.getItem("cart")).toBeNull();
  });
});
