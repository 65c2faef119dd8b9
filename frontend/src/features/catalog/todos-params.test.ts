import { describe, expect, it } from "vitest";
import { readTodosParams, toListRequest, withFilter } from "@/features/catalog/todos-params";
import { ProductSort } from "@gen/sabores/v1/types_pb";

describe("readTodosParams", () => {
  it.each([
    { q: "", want: { category: "todos", sortBy: "name", page: 1 } },
    { q: "category=bebidas&sortBy=price-desc&page=2", want: { category: "bebidas", sortBy: "price-desc", page: 2 } },
    { q: "category=doces", want: { category: "doces", sortBy: "name", page: 1 } },
    { q: "category=No%20Such!&sortBy=random&page=x", want: { category: "todos", sortBy: "name", page: 1 } },
  ])("?$q", ({ q, want }) => {
    expect(readTodosParams(new URLSearchParams(q))).toEqual(want);
  });
});

describe("withFilter", () => {
  it.each([
    { from: "page=3", key: "category", value: "bebidas", want: "category=bebidas" },
    { from: "category=bebidas&page=2", key: "category", value: "todos", want: "" },
    { from: "category=beleza&page=5", key: "sortBy", value: "price-asc", want: "category=beleza&sortBy=price-asc" },
    { from: "sortBy=price-asc", key: "sortBy", value: "name", want: "" },
  ] as const)("$from + $key=$value → '$want'", ({ from, key, value, want }) => {
    expect(withFilter(new URLSearchParams(from), key, value).toString()).toBe(want);
  });
});

describe("toListRequest", () => {
  it("asks for everything by name by default", () => {
    expect(toListRequest({ category: "todos", sortBy: "name", page: 1 })).toEqual({
      sort: ProductSort.NAME,
      page: 1,
      pageSize: 20,
    });
  });
  it("filters a category", () => {
    expect(toListRequest({ category: "beleza", sortBy: "price-asc", page: 2 })).toMatchObject({
      category: "beleza",
      sort: ProductSort.PRICE_ASC,
      page: 2,
    });
  });
  it("sends lanzamientos and populares as online categories", () => {
    expect(toListRequest({ category: "populares", sortBy: "price-desc", page: 1 })).toMatchObject({
      onlineCategory: "populares",
      sort: ProductSort.PRICE_DESC,
    });
  });
});
