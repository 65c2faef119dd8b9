// vite-plugins/precomputed-descriptors.ts: for each descriptor.proto message
// (by its name under google.protobuf.), the prototype create() gives it and
// its list fields.
declare module "virtual:sabores/descriptor-kinds" {
  export const kinds: Record<string, { prototype: object; lists: string[] } | undefined>;
}
