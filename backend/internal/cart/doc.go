// Package cart prices a shopper's cart from the products and promotions as
// stored (the storefront's ValidateCart and the order module's PlaceOrder
// price it the same way), quotes its shipping (package shipping) and reads
// the law its goods bring with them: age checks, the cold chain, the
// frozen-goods minimum. It knows nothing of the wire.
package cart
