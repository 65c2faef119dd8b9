import type { DescFile } from "@bufbuild/protobuf";
// registry.js itself, not the package's index: the index reaches the
// well-known types' files, whose descriptors call this module while they are
// evaluated, so through it they would wait on each other.
import { createFileRegistry } from "@bufbuild/protobuf/registry";
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { kinds } from "virtual:sabores/descriptor-kinds";

// The runtime half of vite-plugins/precomputed-descriptors.ts: a generated
// file's descriptor, decoded when the app was built, becomes the same
// messages fromBinary would have made, without decoding them on a phone and
// without building descriptor.proto's own types to decode them with. This
// module keeps no state of its own: the files that call it may be evaluated
// before it.

/**
 * descriptorMessage makes the descriptor.proto message name (DescriptorProto,
 * FieldDescriptorProto…) of the fields it has set, as fromBinary would: the
 * proto2 defaults on its prototype, a field set when it is the message's own
 * property, its lists always its own.
 */
export function descriptorMessage(name: string, fields: Record<string, unknown>): unknown {
  const kind = kinds[name];
  if (!kind) throw new Error(`file-desc-literal: ${name} is not a descriptor.proto message`);
  const message = Object.create(kind.prototype) as Record<string, unknown>;
  message.$typeName = `google.protobuf.${name}`;
  for (const list of kind.lists) message[list] = [];
  return Object.assign(message, fields);
}

/** fileDescLiteral is codegenv2's fileDesc for a file descriptor already decoded, JSON names restored. */
export function fileDescLiteral(root: FileDescriptorProto, imports?: DescFile[]): DescFile {
  root.dependency = imports?.map((f) => f.proto.name) ?? [];
  const file = createFileRegistry(root, (name) => imports?.find((f) => f.proto.name === name)).getFile(root.name);
  if (!file) throw new Error(`file-desc-literal: ${root.name} not registered`);
  return file;
}
