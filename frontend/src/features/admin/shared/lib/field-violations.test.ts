import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { fieldViolations } from "./field-violations";

// badRequest encodes google.rpc.BadRequest as the server sends it: each
// violation's field, description and (when given) reason.
function badRequest(...violations: { field: string; description: string; reason?: string }[]): Uint8Array {
  const out = new BinaryWriter();
  for (const v of violations) {
    const violation = new BinaryWriter().uint32((1 << 3) | 2).string(v.field).uint32((2 << 3) | 2).string(v.description);
    if (v.reason) violation.uint32((3 << 3) | 2).string(v.reason);
    out.uint32((1 << 3) | 2).bytes(violation.finish());
  }
  return out.finish();
}

describe("fieldViolations", () => {
  it("reads every field of a google.rpc.BadRequest by its path in the request", () => {
    const err = new ConnectError("invalid", Code.InvalidArgument);
    err.details.push({
      type: "google.rpc.BadRequest",
      value: badRequest(
        // A rule of the contract: an indexed path and the rule as reason.
        {
          field: "settings.details.opening_hours[1].day_of_week",
          description: "must be greater than or equal to 1 and less than or equal to 7",
          reason: "INT32_GTE_LTE",
        },
        // A service's own check.
        { field: "settings.details.nif", description: "is not a valid NIF, NIE or company NIF" },
      ),
    });
    expect(fieldViolations(err)).toEqual({
      "settings.details.opening_hours[1].day_of_week": "must be greater than or equal to 1 and less than or equal to 7",
      "settings.details.nif": "is not a valid NIF, NIE or company NIF",
    });
  });

  it("reads no other detail", () => {
    const err = new ConnectError("invalid", Code.InvalidArgument);
    // Bytes that would decode as a violation count only under BadRequest's
    // type (buf.validate.Violations is no longer sent, nor read).
    const bytes = badRequest({ field: "image_url", description: "value does not match regex pattern" });
    err.details.push({ type: "buf.validate.Violations", value: bytes });
    err.details.push({ type: "google.rpc.ErrorInfo", value: bytes });
    expect(fieldViolations(err)).toEqual({});
  });

  it("is empty for other errors", () => {
    expect(fieldViolations(new Error("x"))).toEqual({});
    expect(fieldViolations(new ConnectError("x", Code.Internal))).toEqual({});
  });
});
