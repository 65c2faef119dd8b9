import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

// The shop's typeface is Figtree (SIL Open Font License): its Latin letters
// (Spanish, Portuguese, the euro sign) in one variable file of 20 KB for every
// weight. With system fonts, Chromium on Linux asks the browser synchronously
// for every family, weight and size a layout meets: 17 requests and 28 to 55
// ms of the home page's first layout, unthrottled (issue 36, session 37). A
// web font saves them only if the first layout already has it, and a
// stylesheet's @font-face does not: preloaded as a file, it missed
// "font-display: optional"'s window on a loaded machine (session 36); inside
// the stylesheet as a data: URL, Chromium still decodes it after the first
// layout, which asks for the fallback's fonts instead. A FontFace built from
// bytes is decoded in its constructor (2 to 3 ms), so a classic script in the
// head, run before the body is parsed, gives every layout of the page the
// typeface, whatever the machine's load.

const require = createRequire(import.meta.url);

/** Face is the typeface as the page gets it: the font's bytes and its descriptors. */
export interface Face {
  /** base64 is the font file (woff2), base64-encoded. */
  base64: string;
  /** weight is the variable font's range, "min max". */
  weight: string;
  /** unicodeRange is the characters the file has. */
  unicodeRange: string;
}

/**
 * figtree reads the typeface from its package: the Latin subset (Spanish,
 * Portuguese, the euro sign) of the variable font, every weight, with the
 * range and subset the package gives, so that an upgrade keeps them in step.
 */
export function figtree(): Face {
  const dir = dirname(require.resolve("@fontsource-variable/figtree/package.json"));
  const json = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8"));
  const { wght } = json("metadata.json").variable;
  return {
    base64: readFileSync(join(dir, "files/figtree-latin-wght-normal.woff2")).toString("base64"),
    weight: `${wght.min} ${wght.max}`,
    unicodeRange: json("unicode.json").latin,
  };
}

/**
 * notice is the font's copyright and licence, as the SIL Open Font License
 * asks every copy to carry them (here as a header of each file).
 */
const notice =
  "/* Figtree: Copyright 2022 The Figtree Project Authors (https://github.com/erikdkennedy/figtree). SIL Open Font License 1.1: https://openfontlicense.org */";

/**
 * typefaceScript is the classic script that adds the typeface to the page's
 * fonts. Uint8Array.fromBase64 decodes in C++ (0.3 ms); a browser without it
 * takes the loop (10 to 17 ms). It starts with V8's compile hint, as every
 * script of the page does (vite.config.ts, storefrontChunks).
 */
export function typefaceScript({ base64, weight, unicodeRange }: Face): string {
  return `//# allFunctionsCalledOnLoad\n${notice}\n(function(){var s="${base64}",b;if(Uint8Array.fromBase64)b=Uint8Array.fromBase64(s);else{var t=atob(s);b=new Uint8Array(t.length);for(var i=0;i<t.length;i++)b[i]=t.charCodeAt(i)}document.fonts.add(new FontFace("Figtree",b,{weight:${JSON.stringify(weight)},unicodeRange:${JSON.stringify(unicodeRange)}}))})();\n`;
}

/**
 * typefaceStylesheet is the same face for a browser that runs no script,
 * inside a <noscript>: such a page looks as every other does once the font is
 * decoded ("block": a moment without text rather than a change of letters).
 */
export function typefaceStylesheet({ base64, weight, unicodeRange }: Face): string {
  return `${notice}\n@font-face{font-family:"Figtree";font-display:block;font-weight:${weight};src:url(data:font/woff2;base64,${base64}) format("woff2");unicode-range:${unicodeRange}}\n`;
}

/** names are the typeface's two files; the dev server serves them at /name. */
const names = ["typeface.js", "typeface.css"];

/** typefaceFiles are the two files' texts, by name. */
function typefaceFiles(face: Face): Record<string, string> {
  return { "typeface.js": typefaceScript(face), "typeface.css": typefaceStylesheet(face) };
}

/**
 * typeface puts the typeface's script in index.html's head, and its
 * stylesheet in a <noscript> there: files of their own under assets/ (hashed,
 * cached for good) in the build, served by the dev server in development. The
 * server bundle renders no head and takes none.
 */
export function typeface(): Plugin {
  let building = false;
  // Read from the package once, when first asked for (the dev server's
  // first page, or the build's start).
  let files: Record<string, string> | undefined;
  const file = (name: string) => (files ??= typefaceFiles(figtree()))[name];
  return {
    name: "sabores:typeface",
    apply: (_config, env) => !env.isSsrBuild,
    configResolved(config) {
      building = config.command === "build";
    },
    configureServer(server) {
      for (const name of names) {
        server.middlewares.use(`/${name}`, (_req, res) => {
          res.setHeader("Content-Type", name.endsWith(".js") ? "text/javascript" : "text/css");
          res.end(file(name));
        });
      }
    },
    buildStart() {
      if (!building) return;
      for (const name of names) this.emitFile({ type: "asset", name, source: file(name) });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const path = (name: string) => {
          const built = Object.values(ctx.bundle ?? {}).find((f) => f.type === "asset" && f.names.includes(name));
          return `/${built ? built.fileName : name}`;
        };
        return [
          { tag: "script", attrs: { src: path("typeface.js") }, injectTo: "head" },
          {
            tag: "noscript",
            children: [{ tag: "link", attrs: { rel: "stylesheet", href: path("typeface.css") } }],
            injectTo: "head",
          },
        ];
      },
    },
  };
}
