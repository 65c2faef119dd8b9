import { create, fromBinary } from "@bufbuild/protobuf";
import { nestedTypes, protoCamelCase } from "@bufbuild/protobuf/reflect";
import { base64Decode } from "@bufbuild/protobuf/wire";
import { type DescriptorProto, FileDescriptorProtoSchema, file_google_protobuf_descriptor } from "@bufbuild/protobuf/wkt";
import type { Plugin } from "vite";

/**
 * precomputedDescriptors decodes each generated file's descriptor when the
 * app is built: protoc-gen-es embeds it as base64 that fileDesc decodes with
 * fromBinary when the module is evaluated, after building descriptor.proto's
 * own types to decode it with, which on a phone's first load cost about a
 * sixth of the JavaScript before the page answers (session 27,
 * bench/README.md). The bundle gets the decoded messages as object literals
 * (src/lib/file-desc-literal.ts) and registers them as fileDesc would: the
 * contract's files (gen/ts) and protobuf's well-known types alike, so
 * nothing on a page decodes a descriptor. descriptor.proto's messages' shape
 * comes from virtual:sabores/descriptor-kinds, written here too.
 */
export function precomputedDescriptors(): Plugin {
  const kindsId = "\0sabores-descriptor-kinds";
  let build = false;
  return {
    name: "sabores:precomputed-descriptors",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId(source) {
      return source === "virtual:sabores/descriptor-kinds" ? kindsId : null;
    },
    load(id) {
      return id === kindsId ? descriptorKinds() : null;
    },
    transform(code, id) {
      if (!build || !generatedFile.test(id)) return null;
      const out = code.replace(/\bfileDesc\("([A-Za-z0-9+/=]+)"/g, (_, b64: string) => `fileDescLiteral(${descriptorLiteral(b64)}`);
      if (out === code) return null;
      return { code: `import { descriptorMessage, fileDescLiteral } from "@/lib/file-desc-literal";\n${out}`, map: null };
    },
  };
}

// The files whose descriptors are embedded: the contract's and protobuf's
// well-known types' (descriptor.proto itself is built by boot() from a
// literal already, and no page needs it now).
const generatedFile = /\/gen\/ts\/.+_pb\.ts$|\/@bufbuild\/protobuf\/dist\/esm\/wkt\/gen\/google\/protobuf\/[a-z_]+_pb\.js$/;

/**
 * descriptorKinds is the code of virtual:sabores/descriptor-kinds: for each
 * descriptor.proto message, by its name under google.protobuf., the
 * prototype create() gives it (proto2's defaults) and its list fields.
 */
export function descriptorKinds(): string {
  const entries = [...nestedTypes(file_google_protobuf_descriptor)].flatMap((type) => {
    if (type.kind !== "message") return [];
    const prototype = Object.getPrototypeOf(create(type)) as object;
    const lists = type.fields.filter((f) => f.fieldKind === "list").map((f) => f.localName);
    return [`${JSON.stringify(type.typeName.slice("google.protobuf.".length))}:{prototype:${literal(prototype)},lists:${literal(lists)}}`];
  });
  return `export const kinds = {${entries.join(",")}};\n`;
}

/** descriptorLiteral is the JavaScript expression for the file descriptor b64 encodes, JSON names restored. */
export function descriptorLiteral(b64: string): string {
  const root = fromBinary(FileDescriptorProtoSchema, base64Decode(b64));
  root.messageType.forEach(restoreJsonNames);
  return messageLiteral(root);
}

// As codegenv2's fileDesc: protoc-gen-es leaves out the JSON names that
// follow from the field names.
function restoreJsonNames(message: DescriptorProto) {
  for (const field of message.field) {
    if (!Object.hasOwn(field, "jsonName") || field.jsonName === undefined) field.jsonName = protoCamelCase(field.name);
  }
  message.nestedType.forEach(restoreJsonNames);
}

/**
 * messageLiteral writes a descriptor.proto message as code: descriptorMessage
 * of its type and the fields it has set (its own properties but $typeName
 * and the empty lists, which descriptorMessage adds), which keeps proto2's
 * presence as fromBinary left it.
 */
export function messageLiteral(message: { $typeName: string }): string {
  return literal(message);
}

// literal writes a value as code, messages as messageLiteral says. Each call
// is marked pure, as the generated fileDesc call is: a module only imported
// for its types is then still left out of the bundle.
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
