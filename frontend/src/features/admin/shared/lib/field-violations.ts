import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { ConnectError } from "@connectrpc/connect";

// Invalid requests come back with the offending fields in one of two
// details: google.rpc.BadRequest (the server's own checks, apperr.Invalid)
// or buf.validate.Violations (the rules declared in the proto). Both are
// decoded from the wire here, so a form can put each message beside its
// field without shipping their descriptors to the browser.

function readMessage(bytes: Uint8Array, onField: (field: number, wireType: WireType, r: BinaryReader) => boolean) {
  const r = new BinaryReader(bytes);
  while (r.pos < r.len) {
    const [field, wireType] = r.tag();
    if (!onField(field, wireType, r)) r.skip(wireType, field);
  }
}

// google.rpc.BadRequest { repeated FieldViolation field_violations = 1; }
// FieldViolation { string field = 1; string description = 2; }
function decodeBadRequest(bytes: Uint8Array, out: Record<string, string>) {
  readMessage(bytes, (f, wt, r) => {
    if (f !== 1 || wt !== WireType.LengthDelimited) return false;
    let field = "";
    let description = "";
    readMessage(r.bytes(), (vf, vwt, vr) => {
      if (vwt !== WireType.LengthDelimited) return false;
      if (vf === 1) field = vr.string();
      else if (vf === 2) description = vr.string();
      else return false;
      return true;
    });
    if (field) out[field] = description;
    return true;
  });
}

// buf.validate.Violations { repeated Violation violations = 1; }
// Violation { string message = 3; FieldPath field = 5; }
// FieldPath { repeated FieldPathElement elements = 1; }
// FieldPathElement { string field_name = 2; }
function decodeViolations(bytes: Uint8Array, out: Record<string, string>) {
  readMessage(bytes, (f, wt, r) => {
    if (f !== 1 || wt !== WireType.LengthDelimited) return false;
    let message = "";
    const path: string[] = [];
    readMessage(r.bytes(), (vf, vwt, vr) => {
      if (vwt !== WireType.LengthDelimited) return false;
      if (vf === 3) message = vr.string();
      else if (vf === 5)
        readMessage(vr.bytes(), (pf, pwt, pr) => {
          if (pf !== 1 || pwt !== WireType.LengthDelimited) return false;
          readMessage(pr.bytes(), (ef, ewt, er) => {
            if (ef !== 2 || ewt !== WireType.LengthDelimited) return false;
            path.push(er.string());
            return true;
          });
          return true;
        });
      else return false;
      return true;
    });
    if (path.length) out[path.join(".")] = message;
    return true;
  });
}

/**
 * fieldViolations maps each invalid field of a refused request (proto field
 * name, such as "image_url") to the server's description.
 */
export function fieldViolations(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ConnectError)) return out;
  for (const detail of error.details) {
    if (!("type" in detail) || !(detail.value instanceof Uint8Array)) continue;
    try {
      if (detail.type === "google.rpc.BadRequest") decodeBadRequest(detail.value, out);
      else if (detail.type === "buf.validate.Violations") decodeViolations(detail.value, out);
    } catch (err) {
      console.warn("connect: undecodable error detail", detail.type, err);
    }
  }
  return out;
}
