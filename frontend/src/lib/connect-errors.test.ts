import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { errorInfos, shouldRetry } from "@/lib/connect-errors";

function errorInfoBytes(reason: string, metadata: Record<string, string>): Uint8Array {
  const w = new BinaryWriter();
  w.tag(1, 2).string(reason);
  w.tag(2, 2).string("sabores.v1");
  for (const [k, v] of Object.entries(metadata)) {
    w.tag(3, 2).fork().tag(1, 2).string(k).tag(2, 2).string(v).join();
  }
  return w.finish();
}

describe("errorInfos", () => {
  it("decodes google.rpc.ErrorInfo details", () => {
    const err = new ConnectError("stock", Code.FailedPrecondition);
    err.details.push({ type: "google.rpc.ErrorInfo", value: errorInfoBytes("INSUFFICIENT_STOCK", { product_id: "1001", available: "3" }) });
    err.details.push({ type: "google.rpc.BadRequest", value: new Uint8Array() });
    expect(errorInfos(err)).toEqual([
      { reason: "INSUFFICIENT_STOCK", domain: "sabores.v1", metadata: { product_id: "1001", available: "3" } },
    ]);
  });
  it("finds nothing in other errors", () => {
    expect(errorInfos(new Error("x"))).toEqual([]);
  });
});

describe("shouldRetry", () => {
  it.each([Code.NotFound, Code.InvalidArgument, Code.Unauthenticated, Code.PermissionDenied, Code.FailedPrecondition])(
    "never retries code %s",
    (code) => {
      expect(shouldRetry(0, new ConnectError("x", code))).toBe(false);
    },
  );
  it("retries other failures up to three times", () => {
    const err = new ConnectError("x", Code.Unavailable);
    expect(shouldRetry(0, err)).toBe(true);
    expect(shouldRetry(2, err)).toBe(true);
    expect(shouldRetry(3, err)).toBe(false);
  });
});
