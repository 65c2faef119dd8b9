// Package shop is the domain layer the Connect services share: pricing a
// cart from stored products and promotions, the promotion sources, reading
// orders with their lines, the audit trail, the signed-in caller, and the
// mapping of stored rows to the contract's messages that several services
// answer with. It never imports Connect: services call it, map its results
// and errors at their edge (apperr), and never call each other.
package shop
