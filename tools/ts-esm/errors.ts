// What docs/integrators.md tells an integrator to write to read a refusal:
// the error details the server sends, typed, from the client's one module.
// tools/ts-esm/check.sh compiles it under Node ESM and runs it.
import { Code, ConnectError } from "@connectrpc/connect";
import { errorFromJson } from "@connectrpc/connect/protocol-connect";
import { BadRequestSchema, ErrorInfoSchema, type BadRequest, type ErrorInfo } from "./gen/index.js";

/** fieldErrors maps each refused field of a request to the server's words. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const bad of ConnectError.from(err).findDetails(BadRequestSchema)) {
    for (const v of bad.fieldViolations) out[v.field] = v.description;
  }
  return out;
}

/** reasons are the ErrorInfo reasons of a refusal, with their figures. */
export function reasons(err: unknown): ErrorInfo[] {
  return ConnectError.from(err).findDetails(ErrorInfoSchema);
}

function check(what: string, ok: boolean) {
  if (!ok) throw new Error(`error details: ${what}`);
}

// A Connect error body as shopd sends it: the details are Go's errdetails
// messages, marshalled by the server (bytes taken from proto.Marshal of
// BadRequest{lines[1].sku: "value is required"} and
// ErrorInfo{STOCK_WOULD_GO_NEGATIVE, sabores, sku=QUESO-1}).
const body = {
  code: "invalid_argument",
  message: "lines[1].sku: value is required",
  details: [
    { type: "google.rpc.BadRequest", value: "CiEKDGxpbmVzWzFdLnNrdRIRdmFsdWUgaXMgcmVxdWlyZWQ" },
    { type: "google.rpc.ErrorInfo", value: "ChdTVE9DS19XT1VMRF9HT19ORUdBVElWRRIHc2Fib3JlcxoOCgNza3USB1FVRVNPLTE" },
  ],
};
const err = errorFromJson(body, undefined, new ConnectError("unparsable", Code.Unknown));
check("code", err.code === Code.InvalidArgument);
const fields = fieldErrors(err);
check(`BadRequest decoded: ${JSON.stringify(fields)}`, fields["lines[1].sku"] === "value is required");
const [info]: (ErrorInfo | undefined)[] = reasons(err);
check(
  `ErrorInfo decoded: ${JSON.stringify(info)}`,
  info?.reason === "STOCK_WOULD_GO_NEGATIVE" && info.domain === "sabores" && info.metadata["sku"] === "QUESO-1",
);
const none: BadRequest[] = ConnectError.from(new Error("not a Connect error")).findDetails(BadRequestSchema);
check("a plain error has no details", none.length === 0);
console.log("gen/ts error details: BadRequest and ErrorInfo decoded from a Connect error");
