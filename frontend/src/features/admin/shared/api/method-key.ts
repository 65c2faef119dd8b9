import { createConnectQueryKey } from "@connectrpc/connect-query";
import type { DescMessage, DescMethodUnary } from "@bufbuild/protobuf";

/** methodKey matches every cached answer of a method, whatever its request. */
export function methodKey<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>) {
  return createConnectQueryKey({ schema, cardinality: undefined });
}
