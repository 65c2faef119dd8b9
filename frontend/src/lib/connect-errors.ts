import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";

// Codes where trying again cannot help: the request or the caller is wrong.
const noRetryCodes = new Set<Code>([
  Code.NotFound,
  Code.InvalidArgument,
  Code.Unauthenticated,
  Code.PermissionDenied,
  Code.FailedPrecondition,
]);

/** shouldRetry is react-query's retry policy: up to 3 tries, none for final codes. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ConnectError && noRetryCodes.has(error.code)) return false;
  return failureCount < 3;
}

/** ErrorInfo is google.rpc.ErrorInfo: a business failure's machine-readable reason. */
export interface ErrorInfo {
  reason: string;
  domain: string;
  metadata: Record<string, string>;
}

// google.rpc.ErrorInfo has three fields (reason = 1, domain = 2,
// map<string,string> metadata = 3). Decoding them from the wire here avoids
// shipping the whole google/rpc descriptor set to the browser for one message.
function decodeErrorInfo(bytes: Uint8Array): ErrorInfo {
  const reader = new BinaryReader(bytes);
  const info: ErrorInfo = { reason: "", domain: "", metadata: {} };
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) info.reason = reader.string();
    else if (field === 2 && wireType === WireType.LengthDelimited) info.domain = reader.string();
    else if (field === 3 && wireType === WireType.LengthDelimited) {
      const entry = new BinaryReader(reader.bytes());
      let key = "";
      let value = "";
      while (entry.pos < entry.len) {
        const [f, wt] = entry.tag();
        if (f === 1 && wt === WireType.LengthDelimited) key = entry.string();
        else if (f === 2 && wt === WireType.LengthDelimited) value = entry.string();
        else entry.skip(wt, f);
      }
      info.metadata[key] = value;
    } else reader.skip(wireType, field);
  }
  return info;
}

/** errorInfos extracts every google.rpc.ErrorInfo detail from an error. */
export function errorInfos(error: unknown): ErrorInfo[] {
  if (!(error instanceof ConnectError)) return [];
  const out: ErrorInfo[] = [];
  for (const detail of error.details) {
    if ("type" in detail && detail.type === "google.rpc.ErrorInfo" && detail.value instanceof Uint8Array) {
      try {
        out.push(decodeErrorInfo(detail.value));
      } catch (err) {
        console.warn("connect: undecodable ErrorInfo", err);
      }
    }
  }
  return out;
}

/** errorCode returns the Connect code of an error, or Unknown for anything else. */
export function errorCode(error: unknown): Code {
  return error instanceof ConnectError ? error.code : Code.Unknown;
}
