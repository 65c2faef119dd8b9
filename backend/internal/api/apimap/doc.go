// Package apimap maps what the shop stores and decides to the contract's
// messages, and the contract's enums back, for the Connect handlers that
// answer with the same messages (order, product, cart, invoice, refund,
// withdrawal, country, shop details). It is the edge: the business modules and shop never import
// generated code, so the mapping they used to share lives here.
package apimap
