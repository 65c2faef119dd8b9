// Package discount is the business module of discount codes: the owner's
// codes (a percentage or a fixed amount, a minimum order, Madrid dates,
// total and per-shopper limits, first order only, excluded products and
// categories, free shipping), the rules that decide what a code takes off a
// cart (plain functions: rules.go, split.go) and the use cases that store
// codes and count their uses. The cart shows a code's discount with the
// same rules checkout charges; PlaceOrder counts a use inside its own
// transaction (Redeem), so a code's last use goes to exactly one order. It
// knows nothing of the wire.
package discount
