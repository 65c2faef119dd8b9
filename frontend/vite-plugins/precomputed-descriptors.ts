import { fromBinary } from "@bufbuild/protobuf";
import { protoCamelCase } from "@bufbuild/protobuf/reflect";
import { base64Decode } from "@bufbuild/protobuf/wire";
import { type DescriptorProto, FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import type { Plugin } from "vite";

/**
 * precomputedDescriptors decodes each generated file's descriptor when the
 * app is built: protoc-gen-es embeds it as base64 that fileDesc decodes with
 * fromBinary when the module is evaluated, which on a phone's first load
 * cost about a sixth of the JavaScript before the page answers (session 27,
 * bench/README.md). The bundle gets the decoded messages as object literals
 * (src/lib/file-desc-literal.ts) and registers them as fileDesc would.
 */
export function precomputedDescriptors(): Plugin {
  return {
    name: "sabores:precomputed-descriptors",
    apply: "build",
    transform(code, id) {
      if (!/\/gen\/ts\/.+_pb\.ts$/.test(id)) return null;
      let found = false;
      const out = code.replace(/\bfileDesc\("([A-Za-z0-9+/=]+)"/g, (_, b64: string) => {
        found = true;
        return `fileDescLiteral(${descriptorLiteral(b64)}`;
      });
      if (!found) return null;
      return { code: `import { descriptorMessage, fileDescLiteral } from "@/lib/file-desc-literal";\n${out}`, map: null };
    },
  };
}

/** descriptorLiteral is the JavaScript expression for the file descriptor b64 encodes, JSON names restored. */
export function descriptorLiteral(b64: string): string {
  const root = fromBinary(FileDescriptorProtoSchema, base64Decode(b64));
  root.messageType.forEach(restoreJsonNames);
  return literal(root);
}

// As codegenv2's fileDesc: protoc-gen-es leaves out the JSON names that
// follow from the field names.
function restoreJsonNames(message: DescriptorProto) {
  for (const field of message.field) {
    if (!Object.hasOwn(field, "jsonName") || field.jsonName === undefined) field.jsonName = protoCamelCase(field.name);
  }
  message.nestedType.forEach(restoreJsonNames);
}

// literal writes a decoded value as code: a message as descriptorMessage of
// its type and the fields it has set (its own properties but $typeName and
// the empty lists, which descriptorMessage adds), which keeps proto2's
// presence as fromBinary left it. Each call is marked pure, as the
// generated fileDesc call is: a module only imported for its types is
// then still left out of the bundle.
function literal(value: unknown): string {
  if (value instanceof Uint8Array) return `/*@__PURE__*/ new Uint8Array([${value.join(",")}])`;
  if (Array.isArray(value)) return `[${value.map(literal).join(",")}]`;
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return String(value);
    case "number":
      if (!Number.isFinite(value) || Object.is(value, -0)) break;
      return String(value);
    case "bigint":
      return `/*@__PURE__*/ BigInt("${value}")`;
    case "object": {
      if (value === null) break;
      const typeName = (value as { $typeName?: unknown }).$typeName;
      const fields = Object.entries(value)
        .filter(([k, v]) => v !== undefined && k !== "$typeName" && !(typeName && Array.isArray(v) && v.length === 0))
        .map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}:${literal(v)}`)
        .join(",");
      if (typeName === undefined) return `{${fields}}`;
      if (typeof typeName !== "string" || !typeName.startsWith("google.protobuf.")) break;
      return `/*@__PURE__*/ descriptorMessage(${JSON.stringify(typeName.slice("google.protobuf.".length))},{${fields}})`;
    }
  }
  throw new Error(`precomputed descriptors: cannot write ${String(value)} as code`);
}
