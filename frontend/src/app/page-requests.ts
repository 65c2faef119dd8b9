import type { Transport } from "@connectrpc/connect";
import type { DescMessage, DescMethodUnary, MessageInitShape } from "@bufbuild/protobuf";
import { homeSectionRequest, productRequest } from "@/features/catalog/api/catalog";
import { readTodosParams, toListRequest } from "@/features/catalog/todos-params";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { PromotionService } from "@gen/sabores/v1/promotion_service_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";

// The first API requests of the pages people land on, built by the same
// functions the pages call. The build (scripts/page-preloads.mjs) sends them
// through connect-web with a fetch that only records the URL and writes
// dist/preloads.json, from which shopd names them as preloads in the page:
// no request is typed twice, so shopd's URLs are the app's by construction.
// This module is for the build only; the app never imports it.

/** Call sends one request on a transport. */
export type Call = (transport: Transport) => Promise<unknown>;

function call<I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>, input: MessageInitShape<I>): Call {
  return (transport) => transport.unary(method, undefined, undefined, undefined, input);
}

/** productIdSlot stands for the product id; the build writes it as {id}. */
export const productIdSlot = 918_273_645_546_372_819n;

/** PageRequests are one page's first requests. */
export interface PageRequests {
  /** path is the page's path; {id} stands for a product id. */
  path: string;
  /** bareOnly: the requests hold for the path without a query string only. */
  bareOnly?: boolean;
  calls: Call[];
}

/**
 * everyPage is what every page asks first: who is signed in
 * (hooks/session-query.tsx) and, for the footer, the shop's details
 * (hooks/use-shop-details.ts).
 */
export const everyPage: Call[] = [
  call(AccountService.method.getSession, {}),
  call(ShopSettingsService.method.getShopDetails, {}),
];

/** pageRequests are the entry pages' first requests (routes/home, todos, product). */
export const pageRequests: PageRequests[] = [
  {
    path: "/",
    calls: [
      call(CatalogService.method.listCountries, {}),
      call(CatalogService.method.listProducts, homeSectionRequest("lanzamientos")),
      call(PromotionService.method.listActivePromotions, {}),
      call(CatalogService.method.listProducts, homeSectionRequest("populares")),
    ],
  },
  {
    path: "/todos",
    bareOnly: true,
    calls: [
      call(CatalogService.method.listProducts, toListRequest(readTodosParams(new URLSearchParams()))),
      // The category filter's options (routes/todos).
      call(CatalogService.method.listCategories, {}),
    ],
  },
  { path: "/producto/{id}", calls: [call(CatalogService.method.getProduct, productRequest(productIdSlot))] },
];
