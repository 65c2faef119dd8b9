import { describe, expect, it } from "vitest";
import { sitePath, tileImage } from "@/lib/site-link";

describe("sitePath", () => {
  it.each([
    { href: "/brasil", want: "/brasil" },
    { href: "/", want: "/" },
    { href: "", want: "/fallback" },
    { href: "//evil.example/brasil", want: "/fallback" },
    { href: "/\\evil.example", want: "/fallback" },
    { href: "https://evil.example", want: "/fallback" },
    { href: "javascript:alert(1)", want: "/fallback" },
    { href: " /brasil", want: "/fallback" },
  ])("$href", ({ href, want }) => {
    expect(sitePath(href, "/fallback")).toBe(want);
  });
});

describe("tileImage", () => {
  it.each([
    { src: "/images/flags/brasil.svg", want: "/images/flags/brasil.svg" },
    { src: "https://cdn.example.com/co.svg", want: "https://cdn.example.com/co.svg" },
    { src: "//evil.example/x.svg", want: "" },
    { src: "/\\evil.example/x.svg", want: "" },
    { src: "http://cdn.example.com/co.svg", want: "" },
    { src: "data:image/svg+xml,<svg/>", want: "" },
  ])("$src", ({ src, want }) => {
    expect(tileImage(src)).toBe(want);
  });
});
