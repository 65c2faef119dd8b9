// A stand-in for the react-style-singleton package (vite.config.ts aliases
// it here), which react-remove-scroll uses for the scroll lock of every
// Radix dialog and the mobile menu. The package writes its rules into a new
// <style> element, which the shop's Content-Security-Policy (style-src
// 'self', no 'unsafe-inline') blocks: each dialog opening logged a
// violation and its scroll lock did not apply. Here the rules go into a
// constructed stylesheet adopted by the document, which is CSSOM, not markup,
// and needs no exception in the policy. Same API, same counting.
import { useEffect } from "react";

/** Sheet is one shared stylesheet: added on the first use, removed after the last. */
interface Sheet {
  add(style: string): void;
  remove(): void;
}

// adopt puts css in a stylesheet of its own and returns how to take it out
// again; without constructable stylesheets (old browsers) it falls back to a
// <style> element, as the package did.
function adopt(css: string): () => void {
  if (typeof document === "undefined") return () => {};
  if ("adoptedStyleSheets" in document && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }
  const tag = document.createElement("style");
  tag.appendChild(document.createTextNode(css));
  document.head.appendChild(tag);
  return () => tag.remove();
}

/** stylesheetSingleton shares one stylesheet between its users. */
export function stylesheetSingleton(): Sheet {
  let counter = 0;
  let drop: (() => void) | undefined;
  return {
    add(style) {
      if (counter === 0) drop = adopt(style);
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && drop) {
        drop();
        drop = undefined;
      }
    },
  };
}

/** styleHookSingleton is a hook adding styles while a component using it is mounted. */
export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return (styles, isDynamic) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // The package's own dependency: styles re-apply only when dynamic.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [styles && isDynamic]);
  };
}

/** styleSingleton is a component adding its styles prop while mounted. */
export function styleSingleton() {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
