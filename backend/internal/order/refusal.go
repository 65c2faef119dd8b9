package order

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
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

// unsellable is the FailedPrecondition a refused order returns: one
// ErrorInfo per failing line, reason UPPER_SNAKE, metadata product_id and,
// for stock, available. apperr.Business carries a single ErrorInfo, so the
// Connect error is built here; the error interceptor passes it through.
func unsellable(problems []lineProblem) error {
	msgs := make([]string, len(problems))
	for i, p := range problems {
		msgs[i] = fmt.Sprintf("product %d: %s", p.productID, shop.Reason(p.problem))
	}
	err := connect.NewError(connect.CodeFailedPrecondition,
		errors.New("the order cannot be placed: "+strings.Join(msgs, "; ")))
	for _, p := range problems {
		meta := map[string]string{"product_id": strconv.FormatInt(p.productID, 10)}
		if p.problem == pricing.InsufficientStock {
			meta["available"] = strconv.Itoa(int(p.available))
		}
		if detail, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{
			Reason: shop.Reason(p.problem), Domain: apperr.Domain, Metadata: meta,
		}); derr == nil {
			err.AddDetail(detail)
		}
	}
	return err
}
