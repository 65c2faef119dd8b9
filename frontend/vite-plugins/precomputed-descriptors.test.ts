import { fromBinary, toBinary, type DescFile } from "@bufbuild/protobuf";
import { nestedTypes } from "@bufbuild/protobuf/reflect";
import { base64Decode } from "@bufbuild/protobuf/wire";
import { FileDescriptorProtoSchema, type FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { descriptorMessage, fileDescLiteral } from "@/lib/file-desc-literal";
import { descriptorLiteral, precomputedDescriptors } from "./precomputed-descriptors";

// Every generated file of the contract and of protobuf's well-known types,
// as source and as the module the app imports.
const sources = {
  ...import.meta.glob<string>("../../gen/ts/**/*_pb.ts", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../node_modules/@bufbuild/protobuf/dist/esm/wkt/gen/google/protobuf/*_pb.js", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
};
const modules = {
  ...import.meta.glob<Record<string, unknown>>("../../gen/ts/**/*_pb.ts", { eager: true }),
  ...import.meta.glob<Record<string, unknown>>("../../node_modules/@bufbuild/protobuf/dist/esm/wkt/gen/google/protobuf/*_pb.js", { eager: true }),
};

// The file descriptor a module exports (file_…), as fileDesc built it.
function fileOf(module: Record<string, unknown>): DescFile {
  const file = Object.entries(module).find(([name]) => name.startsWith("file_"))?.[1];
  if (!file) throw new Error("no file_ export");
  return file as DescFile;
}

function evaluate(code: string): FileDescriptorProto {
  return new Function("descriptorMessage", `return ${code}`)(descriptorMessage) as FileDescriptorProto;
}

// shape lists, for a value and all it holds, each object's prototype and own
// keys: where proto2 keeps a field's presence.
function shape(value: unknown, path = "", out: string[] = []): string[] {
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return out;
  if (!Array.isArray(value)) {
    const prototype = Object.getPrototypeOf(value) as object;
    out.push(`${path} ${prototype === Object.prototype ? "plain" : JSON.stringify(prototype)} ${Object.keys(value).sort().join(",")}`);
  }
  for (const [k, v] of Object.entries(value)) shape(v, `${path}.${k}`, out);
  return out;
}

// What the app reads of a file: each type's JSON and local names and kinds.
function reading(file: DescFile): string[] {
  return [...nestedTypes(file)].map((type) =>
    type.kind === "message"
      ? `${type.typeName} ${type.fields.map((f) => `${f.number}:${f.name}/${f.jsonName}/${f.localName}/${f.fieldKind}/${f.presence}/${f.oneof?.name ?? ""}`).join(" ")}`
      : `${type.kind} ${type.typeName}`,
  );
}

describe("precomputed descriptors", () => {
  // descriptor.proto is built by boot() from a literal, not decoded.
  const files = Object.keys(sources).filter((path) => !path.includes("/buf/validate/") && !path.endsWith("/descriptor_pb.js"));

  it("covers the contract's files and the well-known types'", () => {
    expect(files.filter((p) => p.includes("/gen/ts/")).length).toBeGreaterThan(40);
    expect(files.some((p) => p.endsWith("/timestamp_pb.js"))).toBe(true);
  });

  it.each(files)("%s: the literal is the message fromBinary makes, presence included, and registers as the same file", (path) => {
    const b64 = /\bfileDesc\("([A-Za-z0-9+/=]+)"/.exec(sources[path] ?? "")?.[1];
    expect(b64).toBeDefined();
    const decoded = fromBinary(FileDescriptorProtoSchema, base64Decode(b64 ?? ""));
    const root = evaluate(descriptorLiteral(b64 ?? ""));
    const reference = fileOf(modules[path] ?? {});

    // JSON names restored, the rest as decoded: the same bytes once the
    // names are dropped again, and the same own keys as the reference's.
    expect(toBinary(FileDescriptorProtoSchema, reference.proto)).toEqual(
      toBinary(FileDescriptorProtoSchema, fileDescLiteral(root, reference.dependencies).proto),
    );
    expect(shape(root)).toEqual(shape(reference.proto));
    expect(decoded.name).toBe(root.name);
    expect(reading(fileDescLiteral(evaluate(descriptorLiteral(b64 ?? "")), reference.dependencies))).toEqual(reading(reference));
  });

  it("rewrites a generated file's fileDesc when building, and leaves other modules and the dev server alone", () => {
    const plugin = precomputedDescriptors();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const configResolved = plugin.configResolved as (config: { command: string }) => void;
    configResolved({ command: "serve" });
    expect(transform(sources[files[0] ?? ""] ?? "", "/repo/gen/ts/sabores/v1/types_pb.ts")).toBeNull();
    configResolved({ command: "build" });
    const path = files.find((p) => p.endsWith("/types_pb.ts")) ?? "";
    const out = transform(sources[path] ?? "", "/repo/gen/ts/sabores/v1/types_pb.ts");
    expect(out?.code).toMatch(/^import \{ descriptorMessage, fileDescLiteral \} from "@\/lib\/file-desc-literal";/);
    expect(out?.code).toMatch(
      /fileDescLiteral\(\/\*@__PURE__\*\/ descriptorMessage\("FileDescriptorProto",\{messageType:\[\/\*@__PURE__\*\/ descriptorMessage\("DescriptorProto",\{field:\[/,
    );
    expect(out?.code).toContain('/*@__PURE__*/ descriptorMessage("FieldDescriptorProto",{name:"promotion",number:15,label:1,type:11,typeName:".sabores.v1.Promotion",jsonName:"promotion"})');
    expect(out?.code).not.toMatch(/\bfileDesc\("/);
    expect(transform("export const x = 1;", "/repo/frontend/src/lib/x.ts")).toBeNull();
    const timestamp = files.find((p) => p.endsWith("/timestamp_pb.js")) ?? "";
    expect(transform(sources[timestamp] ?? "", "/repo/node_modules/@bufbuild/protobuf/dist/esm/wkt/gen/google/protobuf/timestamp_pb.js")?.code).toContain(
      'name:"google/protobuf/timestamp.proto"',
    );
  });
});
