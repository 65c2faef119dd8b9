// Package cart prices a shopper's cart from the products and promotions as
// stored (the storefront's ValidateCart and the order module's PlaceOrder
// price it the same way) and reads the law its goods bring with them: age
// checks, frozen goods' delivery areas and dispatch days. It knows nothing of
// the wire.
package cart
