package order

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// lineProblem is why one line stops an order.
type lineProblem struct {
	productID int64
	problem   pricing.Problem
	available int32
}

// problemsOf lists the priced cart's unsellable lines. At checkout a line
// with no stock left and one with too little are the same failure to the
// shopper (lower the quantity or remove the line), so both are
// INSUFFICIENT_STOCK with the available count, 0 when sold out.
func problemsOf(c pricing.Cart) []lineProblem {
	var out []lineProblem
	for _, l := range c.Lines {
		if len(l.Problems) == 0 {
			continue
		}
		// The first problem is the one to fix first: an unknown or offline
		// product, then a bad quantity, then stock.
		p := lineProblem{productID: l.ProductID, problem: l.Problems[0], available: l.AvailableStock}
		if p.problem == pricing.OutOfStock {
			p.problem = pricing.InsufficientStock
		}
		out = append(out, p)
	}
	return out
}

// unsellable is the refusal of an order with unsellable lines: one cause
// per failing line, reason UPPER_SNAKE, metadata product_id and, for stock,
// available.
func unsellable(problems []lineProblem) error {
	msgs := make([]string, len(problems))
	causes := make([]fault.Cause, len(problems))
	for i, p := range problems {
		msgs[i] = fmt.Sprintf("product %d: %s", p.productID, cart.Reason(p.problem))
		meta := map[string]string{"product_id": strconv.FormatInt(p.productID, 10)}
		if p.problem == pricing.InsufficientStock {
			meta["available"] = strconv.Itoa(int(p.available))
		}
		causes[i] = fault.Cause{Reason: cart.Reason(p.problem), Metadata: meta}
	}
	return &fault.Error{Kind: fault.Refused, Message: "the order cannot be placed: " + strings.Join(msgs, "; "), Causes: causes}
}
