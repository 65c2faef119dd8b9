import { createConnectTransport } from "@connectrpc/connect-web";

/**
 * createTransport talks Connect to the same origin that served the app.
 * NO_SIDE_EFFECTS methods go over HTTP GET, so browsers and proxies may cache them.
 */
export function createTransport() {
  return createConnectTransport({ baseUrl: "/", useHttpGet: true });
}
