import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { type Product, ProductSchema, Role } from "@gen/sabores/v1/types_pb";

type ProductInit = Exclude<MessageInitShape<typeof ProductSchema>, Product>;

/** product builds a catalogue product for fake API answers. */
export function product(id: number, over: ProductInit = {}): Product {
  return create(ProductSchema, {
    id: BigInt(id),
    name: `Produto ${id}`,
    code: `P${id}`,
    sku: `SKU${id}`,
    category: "bebidas",
    priceCents: 250n,
    stock: 20,
    imageUrl: `/images/${id}.svg`,
    country: "brasil",
    createTime: timestampFromMs(Date.UTC(2026, 0, 1)),
    ...over,
  });
}

/** signedIn is a GetSession answer for a client (or an admin). */
export function signedIn(role: Role = Role.CLIENT) {
  return {
    signedIn: true,
    user: { id: 7n, email: "maria@example.com", name: "María Silva", role },
  };
}
