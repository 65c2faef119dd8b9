// The page's entry (index.html). A public page arrives rendered by shopd
// (issue 20), so the browser can paint it as soon as the HTML and the
// stylesheet are in: the app's JavaScript is asked for only after that first
// paint, instead of sharing a phone's slow link with the HTML and CSS before
// it (with the app as index.html's module script, its 130 KB and their
// modulepreloads started with the HTML and Lighthouse counted them into the
// first paint). The stylesheet stays the page's own, in its head.
import "@/index.css";

function start() {
  // A page's first use of localStorage waits for the browser to send the
  // site's storage (a synchronous IPC, 1-2 ms on an idle machine and several
  // while the page's requests keep the browser busy). The app reads it as it
  // starts and hydrates (language, consent, cart): reading it here, in a
  // task of its own while the app downloads, keeps that wait out of theirs.
  // (Any use loads it; boot.ts leaves lib/storage alone, which would be one
  // more chunk to fetch before this one runs.)
  setTimeout(() => {
    try {
      void localStorage.length;
    } catch {
      // Storage blocked: the app copes with it where it reads.
    }
  }, 0);
  // The page's chunk and texts are asked for as soon as start.ts has run,
  // which is as soon as the storefront's shared chunks are in (vite.config.ts,
  // storefrontChunks); main comes with them and evaluates what start.ts did
  // not, and asks for react-dom and the app's own modules from tasks of
  // their own.
  void import("@/app/start");
  void import("@/main");
}

// requestAnimationFrame runs just before the next paint, the timeout right
// after it. A hidden tab paints nothing: there the app starts at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
else start();
