import { create, createFileRegistry, type DescFile, type DescMessage } from "@bufbuild/protobuf";
import { nestedTypes } from "@bufbuild/protobuf/reflect";
import { file_google_protobuf_descriptor, type FileDescriptorProto } from "@bufbuild/protobuf/wkt";

// The runtime half of vite-plugins/precomputed-descriptors.ts: a generated
// file's descriptor, decoded when the app was built, becomes the same
// messages fromBinary would have made, without decoding them on a phone.

// Each descriptor.proto message's prototype, as create() gives it (proto2
// keeps its fields' defaults there, and a field is set when it is the
// message's own property), and its list fields, which are always own.
const kinds = new Map<string, { prototype: object; lists: string[] }>();

function kindOf(name: string) {
  let kind = kinds.get(name);
  if (kind === undefined) {
    const desc = [...nestedTypes(file_google_protobuf_descriptor)].find(
      (type): type is DescMessage => type.kind === "message" && type.typeName === `google.protobuf.${name}`,
    );
    if (!desc) throw new Error(`file-desc-literal: ${name} is not a descriptor.proto message`);
    kind = {
      prototype: Object.getPrototypeOf(create(desc)) as object,
      lists: desc.fields.filter((f) => f.fieldKind === "list").map((f) => f.localName),
    };
    kinds.set(name, kind);
  }
  return kind;
}

/**
 * descriptorMessage makes the descriptor.proto message name (DescriptorProto,
 * FieldDescriptorProto…) of the fields it has set, as fromBinary would.
 */
export function descriptorMessage(name: string, fields: Record<string, unknown>): unknown {
  const { prototype, lists } = kindOf(name);
  const message = Object.create(prototype) as Record<string, unknown>;
  message.$typeName = `google.protobuf.${name}`;
  for (const list of lists) message[list] = [];
  return Object.assign(message, fields);
}

/** fileDescLiteral is codegenv2's fileDesc for a file descriptor already decoded, JSON names restored. */
export function fileDescLiteral(root: FileDescriptorProto, imports?: DescFile[]): DescFile {
  root.dependency = imports?.map((f) => f.proto.name) ?? [];
  const file = createFileRegistry(root, (name) => imports?.find((f) => f.proto.name === name)).getFile(root.name);
  if (!file) throw new Error(`file-desc-literal: ${root.name} not registered`);
  return file;
}
