import { describe, expect, it } from "vitest";
import {
  hundredthsText,
  isPresetVat,
  parseHundredths,
  parsePriceCents,
  parseVatBasisPoints,
  priceInputText,
} from "./decimal-input";

describe("parsePriceCents", () => {
  it.each<[string, number | null]>([
    ["8,50", 850],
    ["8.50", 850],
    ["8.5", 850],
    ["8", 800],
    ["0", 0],
    [",5", 50],
    ["8,", 800],
    [" 12,99 € ", 1299],
    ["1000000", 100_000_000],
    ["1000000,01", null],
    ["8,505", null],
    ["1.234,50", null],
    ["-1", null],
    ["", null],
    ["   ", null],
    [",", null],
    ["abc", null],
    ["8e2", null],
    ["Infinity", null],
    ["0x10", null],
  ])("%j → %j", (input, want) => {
    expect(parsePriceCents(input)).toBe(want);
  });
});

describe("parseVatBasisPoints", () => {
  it.each<[string, number | null]>([
    ["21", 2100],
    ["0", 0],
    ["4", 400],
    ["5,5", 550],
    ["10.25", 1025],
    ["21 %", 2100],
    ["100", 10_000],
    ["100,01", null],
    ["101", null],
    ["-4", null],
    ["veinte", null],
    ["", null],
  ])("%j → %j", (input, want) => {
    expect(parseVatBasisPoints(input)).toBe(want);
  });
});

describe("parseHundredths", () => {
  it("rejects absurdly long numbers instead of losing precision", () => {
    expect(parseHundredths("1234567890123")).toBeNull();
  });
});

describe("vat helpers", () => {
  it.each([
    [0, true],
    [400, true],
    [1000, true],
    [2100, true],
    [550, false],
    [2000, false],
  ])("isPresetVat(%i) = %s", (bp, want) => {
    expect(isPresetVat(bp)).toBe(want);
  });

  it.each([
    [2100, "21"],
    [550, "5.5"],
    [1025, "10.25"],
    [0, "0"],
  ])("hundredthsText(%i) = %s", (h, want) => {
    expect(hundredthsText(h)).toBe(want);
  });

  it.each([
    [850, "8.50"],
    [5, "0.05"],
    [120000, "1200.00"],
  ])("priceInputText(%i) = %s", (c, want) => {
    expect(priceInputText(c)).toBe(want);
  });

  it.each([
    [495, "4,95"],
    [2995, "29,95"],
    [5, "0,05"],
  ])("priceInputText(%i, ',') = %s, which parsePriceCents reads back", (c, want) => {
    expect(priceInputText(c, ",")).toBe(want);
    expect(parsePriceCents(want)).toBe(c);
  });
});
