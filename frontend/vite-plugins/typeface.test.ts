import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { figtree, typefaceScript, typefaceStylesheet, type Face } from "./typeface";

// A font file's first bytes and some that base64 spells with every kind of
// character (+, / and padding).
const font = Uint8Array.from([0x77, 0x4f, 0x46, 0x32, 0xfb, 0xff, 0x00, 0x3e, 0x80]);
// The package's own descriptors, with those bytes in place of the file.
const { weight, unicodeRange } = figtree();
const face: Face = { base64: Buffer.from(font).toString("base64"), weight, unicodeRange };

describe("the typeface, as its package gives it", () => {
  it("is the variable font's every weight and its Latin letters, the euro sign among them", () => {
    const real = figtree();
    expect(Buffer.from(real.base64, "base64").subarray(0, 4).toString()).toBe("wOF2");
    expect(real.weight).toBe("300 900");
    expect(real.unicodeRange.split(",")).toEqual(expect.arrayContaining(["U+0000-00FF", "U+20AC"]));
  });
});

/** run runs the script as a page would, and gives the faces it added. */
function run(script: string, withFromBase64: boolean) {
  const added: { family: string; data: Uint8Array; descriptors: object }[] = [];
  class FontFace {
    constructor(
      readonly family: string,
      readonly data: Uint8Array,
      readonly descriptors: object,
    ) {}
  }
  const Uint8ArrayHere = class extends Uint8Array {};
  if (withFromBase64) {
    Object.assign(Uint8ArrayHere, { fromBase64: (s: string) => Uint8Array.from(Buffer.from(s, "base64")) });
  }
  runInNewContext(script, {
    Uint8Array: Uint8ArrayHere,
    atob,
    FontFace,
    document: {
      fonts: { add: (face: FontFace) => added.push({ family: face.family, data: Uint8Array.from(face.data), descriptors: face.descriptors }) },
    },
  });
  return added;
}

describe("the typeface's script", () => {
  // Chromium 156 has Uint8Array.fromBase64, so the browser tests take that
  // path only; an older phone takes the loop.
  it.each([
    ["with Uint8Array.fromBase64", true],
    ["without it", false],
  ])("adds the font's bytes as the face Figtree, every weight, %s", (_name, withFromBase64) => {
    const added = run(typefaceScript(face), withFromBase64);
    expect(added).toEqual([{ family: "Figtree", data: font, descriptors: { weight: "300 900", unicodeRange } }]);
  });

  it("starts with V8's compile hint, as every script of the page does, then the font's licence", () => {
    expect(typefaceScript(face)).toMatch(/^\/\/# allFunctionsCalledOnLoad\n\/\* Figtree: Copyright .* SIL Open Font License 1\.1/);
  });
});

describe("the typeface's stylesheet, for a browser that runs no script", () => {
  it("gives the same face, its bytes inside", () => {
    const css = typefaceStylesheet(face);
    expect(css).toMatch(/^\/\* Figtree: Copyright .* SIL Open Font License 1\.1/);
    expect(css).toContain('font-family:"Figtree"');
    expect(css).toContain("font-weight:300 900");
    expect(css).toContain(`unicode-range:${unicodeRange}`);
    expect(css).toContain(`url(data:font/woff2;base64,${Buffer.from(font).toString("base64")})`);
  });
});
