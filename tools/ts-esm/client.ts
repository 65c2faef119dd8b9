// What docs/integrators.md tells an integrator to write: a typed client of
// the generated contract. Only compiled (tools/ts-esm/check.sh), never run.
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { CatalogService } from "./gen/sabores/v1/catalog_service_pb.js";

function transportFor(apiKey: string) {
  return createConnectTransport({
    baseUrl: "https://tienda.example",
    interceptors: [
      (next) => (req) => {
        req.header.set("Authorization", `Bearer ${apiKey}`);
        return next(req);
      },
    ],
  });
}

export async function firstPage(apiKey: string): Promise<string[]> {
  const catalog = createClient(CatalogService, transportFor(apiKey));
  const page = await catalog.listProducts({});
  return page.products.map((p) => p.sku);
}
