import type { Transport } from "@connectrpc/connect";
import { addStaticKeyToTransport } from "@connectrpc/connect-query";

/**
 * createTransport talks Connect to the same origin that served the app.
 * NO_SIDE_EFFECTS methods go over HTTP GET, so browsers and proxies may cache them.
 *
 * The Connect protocol and its JSON codec (about 8 KB gzip) are a chunk of
 * their own: the download starts with the entry, beside the page's first
 * render, and each call waits for it. Painting the shell, its skeletons and
 * the query keys needs none of it.
 */
const connectWeb = import("@/lib/connect-transport");

/**
 * transportOptions configure connect-web; the build (scripts/page-preloads.mjs)
 * builds the page preloads' URLs with them, so they match the app's byte for byte.
 */
export const transportOptions = { baseUrl: "/", useHttpGet: true } as const;

/**
 * appTransportKey names the app's transport in query keys, the same in the
 * server's render (src/ssr) and the browser, so the answers a rendered page
 * carries land under the keys the app's queries use.
 */
export const appTransportKey = "app";

// MethodOptions.IdempotencyLevel.NO_SIDE_EFFECTS, the reads (the enum's
// module, google/protobuf/descriptor, is kept out of the entry's bundle).
const noSideEffects = 1;

/** createTransport is the app's transport; calls wait for the Connect chunk. */
export function createTransport(): Transport {
  const transport = connectWeb.then(({ createConnectTransport }) => createConnectTransport(transportOptions));
  return addStaticKeyToTransport(
    {
      unary: async (method, signal, timeoutMs, header, ...rest) => {
        // A change (placing an order above all) says the page's language:
        // the order keeps it, and its e-mails and links are in it, whatever
        // languages the browser lists. Reads go without it, as their
        // preloads went.
        if (method.idempotency !== noSideEffects) {
          header = new Headers(header);
          header.set("Accept-Language", document.documentElement.lang || "es");
        }
        return (await transport).unary(method, signal, timeoutMs, header, ...rest);
      },
      stream: async (...args) => (await transport).stream(...args),
    },
    appTransportKey,
  );
}
