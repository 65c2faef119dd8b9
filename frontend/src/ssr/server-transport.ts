import type { Transport } from "@connectrpc/connect";
import { create, fromJson, toJson, type DescMessage } from "@bufbuild/protobuf";
import { addStaticKeyToTransport } from "@connectrpc/connect-query";
import { appTransportKey } from "@/lib/transport";

// shopd defines this function in the render runtime: it answers one public
// catalogue read through its own API handler (and its caches) and returns the
// answer's JSON, or throws when the read fails or is not a public one.
declare function saboresCall(service: string, method: string, input: string): string;


/**
 * serverTransport answers unary calls through shopd; streams are not used by
 * any public page.
 */
export const serverTransport: Transport = addStaticKeyToTransport(
  {
    unary(method, _signal, _timeout, _header, input) {
      const inputSchema: DescMessage = method.input;
      const body = JSON.stringify(toJson(inputSchema, create(inputSchema, input as never)));
      try {
        const out = saboresCall(method.parent.typeName, method.name, body);
        const message = fromJson(method.output, JSON.parse(out) as never);
        return Promise.resolve({
          stream: false as const,
          service: method.parent,
          method,
          header: new Headers(),
          message,
          trailer: new Headers(),
        });
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    stream() {
      return Promise.reject(new Error("ssr: no streams"));
    },
  },
  appTransportKey,
);
