import { describe, expect, it } from "vitest";
import { apiCountrySlug, countryNameFromSegment } from "./country-name";

describe("countryNameFromSegment", () => {
  it.each([
    ["brasil", "Brasil"],
    ["cabo-verde", "Cabo Verde"],
    ["republica-dominicana", "Republica Dominicana"],
    ["república-dominicana", "República Dominicana"],
    ["rep%C3%BAblica-dominicana", "República Dominicana"],
    ["colombia", "Colombia"],
    ["colômbia", "Colombia"],
    ["Colómbia", "Colombia"],
    ["col%C3%B4mbia", "Colombia"],
    ["COLOMBIA", "Colombia"],
    ["san--andrés", "San Andrés"],
    ["-peru-", "Peru"],
    ["%E0%A4%A", "%e0%a4%a"],
  ])("%s → %s", (segment, want) => {
    expect(countryNameFromSegment(segment)).toBe(want);
  });
});

describe("apiCountrySlug", () => {
  it.each([
    ["brasil", "brasil"],
    ["Cabo Verde", "cabo-verde"],
    ["república-dominicana", "republica-dominicana"],
    ["República Dominicana", "republica-dominicana"],
    ["Rep. Dominicana", "republica-dominicana"],
    ["colômbia", "colombia"],
    ["Colombia", "colombia"],
    ["rep%C3%BAblica-dominicana", "republica-dominicana"],
  ])("%s → %s", (input, want) => {
    expect(apiCountrySlug(input)).toBe(want);
  });
});
