import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { fieldViolations } from "./field-violations";

function badRequest(field: string, description: string): Uint8Array {
  const violation = new BinaryWriter().uint32((1 << 3) | 2).string(field).uint32((2 << 3) | 2).string(description).finish();
  return new BinaryWriter().uint32((1 << 3) | 2).bytes(violation).finish();
}

function violations(fieldName: string, message: string): Uint8Array {
  const element = new BinaryWriter().uint32((1 << 3) | 0).int32(4).uint32((2 << 3) | 2).string(fieldName).finish();
  const path = new BinaryWriter().uint32((1 << 3) | 2).bytes(element).finish();
  const violation = new BinaryWriter()
    .uint32((2 << 3) | 2)
    .string("string.pattern")
    .uint32((3 << 3) | 2)
    .string(message)
    .uint32((5 << 3) | 2)
    .bytes(path)
    .finish();
  return new BinaryWriter().uint32((1 << 3) | 2).bytes(violation).finish();
}

describe("fieldViolations", () => {
  it("reads google.rpc.BadRequest and buf.validate.Violations details", () => {
    const err = new ConnectError("invalid", Code.InvalidArgument);
    err.details.push({ type: "google.rpc.BadRequest", value: badRequest("price", "is not a number") });
    err.details.push({
      type: "buf.validate.Violations",
      value: violations("image_url", "value does not match regex pattern"),
    });
    expect(fieldViolations(err)).toEqual({
      price: "is not a number",
      image_url: "value does not match regex pattern",
    });
  });

  it("is empty for other errors", () => {
    expect(fieldViolations(new Error("x"))).toEqual({});
    expect(fieldViolations(new ConnectError("x", Code.Internal))).toEqual({});
  });
});
