import { fromJson, toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { PromotionService } from "@gen/sabores/v1/promotion_service_pb";
import { ReviewService } from "@gen/sabores/v1/review_service_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";

// A server-rendered page carries the answers it was rendered from in a
// <script type="application/json" id="page-data"> element (the CSP allows
// data blocks, not inline scripts): the browser puts them into its query
// cache before hydrating, so the first render matches the HTML and asks the
// API for none of them. Only public catalogue reads travel, a product's
// published reviews among them: a shopper's own data (session, cart, the
// reviews of their orders, on pages never rendered) is never in a page
// shared by everyone.

const services = [CatalogService, PromotionService, ShopSettingsService, ReviewService];

/** PageQuery is one cached answer as it travels in the page. */
export interface PageQuery {
  key: QueryKey;
  /** data is the answer in protobuf JSON; infinite queries carry pages and their params. */
  data: JsonValue | { pages: JsonValue[]; pageParams: unknown[] };
}

interface KeyProps {
  serviceName?: string;
  methodName?: string;
  cardinality?: string;
}

function outputOf(key: QueryKey): DescMessage | undefined {
  if (key[0] !== "connect-query") return undefined;
  const p = key[1] as KeyProps;
  const service = services.find((s) => s.typeName === p.serviceName);
  if (!service) return undefined;
  const method = Object.values(service.method).find((m) => m.name === p.methodName);
  return method?.methodKind === "unary" ? method.output : undefined;
}

/** renderable reports whether a query is a public read a shared page may hold. */
export function renderable(key: QueryKey): boolean {
  return outputOf(key) !== undefined && (key[1] as { input?: unknown }).input !== "skipped";
}

/** PageData is what a rendered page carries: its time and its answers. */
interface PageData {
  /** now is the time the page was rendered at (ms), which its countdowns show. */
  now: number;
  queries: PageQuery[];
}

/** encodePageData lists the client's public answers, and the time rendered at, as the page's JSON. */
export function encodePageData(client: QueryClient, now: number): string {
  const out: PageQuery[] = [];
  for (const q of client.getQueryCache().getAll()) {
    const schema = outputOf(q.queryKey);
    if (!schema || q.state.status !== "success" || q.state.data === undefined) continue;
    const cardinality = (q.queryKey[1] as KeyProps).cardinality;
    if (cardinality === "infinite") {
      const d = q.state.data as { pages: never[]; pageParams: unknown[] };
      out.push({ key: q.queryKey, data: { pages: d.pages.map((p) => toJson(schema, p)), pageParams: d.pageParams } });
    } else {
      out.push({ key: q.queryKey, data: toJson(schema, q.state.data as never) });
    }
  }
  // "<" never appears in the element's text, so "</script>" cannot end it early.
  return JSON.stringify({ now, queries: out } satisfies PageData).replaceAll("<", "\\u003c");
}

/** readPageData parses the page's data element. */
export function readPageData(text: string): PageData {
  return JSON.parse(text) as PageData;
}

// nextTask resolves in a task of its own, after the browser has had its turn.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * seedPageData puts a page's answers into the client's cache: as fresh as
 * fetched now when the page is current (rendered since the catalogue last
 * changed), else as stale, so the app asks for them again once hydrated.
 * Decoding a home page's answers takes a phone's CPU hundreds of
 * milliseconds, so each answer is decoded in a task of its own: the browser
 * can answer a tap between them instead of waiting for all (issue 20's
 * blocking time).
 */
export async function seedPageData(client: QueryClient, data: PageData, current: boolean): Promise<number> {
  const updatedAt = current ? Date.now() : 0;
  let seeded = 0;
  for (const q of data.queries) {
    const schema = outputOf(q.key);
    if (!schema) continue;
    if (seeded > 0) await nextTask();
    if ((q.key[1] as KeyProps).cardinality === "infinite") {
      const d = q.data as { pages: JsonValue[]; pageParams: unknown[] };
      client.setQueryData(q.key, { pages: d.pages.map((p) => fromJson(schema, p)), pageParams: d.pageParams }, { updatedAt });
    } else {
      client.setQueryData(q.key, fromJson(schema, q.data as JsonValue), { updatedAt });
    }
    seeded++;
  }
  return seeded;
}
