import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { ConnectError } from "@connectrpc/connect";

// Invalid requests come back with the offending fields in one detail,
// google.rpc.BadRequest, whether a rule declared in the proto or the
// server's own check refused them (the server maps both at its edge,
// apperr). It is decoded from the wire here, so a form can put each
// message beside its field without shipping descriptors to the browser.

function readMessage(bytes: Uint8Array, onField: (field: number, wireType: WireType, r: BinaryReader) => boolean) {
  const r = new BinaryReader(bytes);
  while (r.pos < r.len) {
    const [field, wireType] = r.tag();
    if (!onField(field, wireType, r)) r.skip(wireType, field);
  }
}

// google.rpc.BadRequest { repeated FieldViolation field_violations = 1; }
// FieldViolation { string field = 1; string description = 2; ... }: the
// reason (3) and localized message (4) are not the forms' words and are skipped.
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

/**
 * fieldViolations maps each invalid field of a refused request, by its path
 * in the request as the proto spells it ("image_url",
 * "settings.details.opening_hours[1].day_of_week"), to the server's
 * description (English, for logs: the forms say it in words of their own).
 */
export function fieldViolations(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ConnectError)) return out;
  for (const detail of error.details) {
    if (!("type" in detail) || detail.type !== "google.rpc.BadRequest" || !(detail.value instanceof Uint8Array)) continue;
    try {
      decodeBadRequest(detail.value, out);
    } catch (err) {
      console.warn("connect: undecodable error detail", detail.type, err);
    }
  }
  return out;
}
