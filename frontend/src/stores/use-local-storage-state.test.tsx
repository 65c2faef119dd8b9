import { act } from "@testing-library/react";
import { memo } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { CartProvider, useCart } from "@/stores/cart-store";

// A consumer behind memo renders again only when the cart's context does.
function renderCounter() {
  const renders: number[] = [];
  const Count = memo(function Count() {
    const { count } = useCart();
    renders.push(count);
    return <span>{count}</span>;
  });
  const tree = (
    <CartProvider>
      <Count />
    </CartProvider>
  );
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
