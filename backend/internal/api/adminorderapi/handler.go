// Package adminorderapi serves AdminOrderService over Connect: the order
// desk. It lists every customer's orders by filters and search, shows one
// with its timeline, refunds and the steps an admin may take, and takes
// them, retries a card refund and records a bank refund through the order
// module's use cases.
package adminorderapi

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/feed"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// pageSizes: the order table shows 10 a page, as the contract documents;
// none serves more than 100.
var pageSizes = paging.Sizes{Default: 10, Max: 100}

// Handler implements AdminOrderService.
type Handler struct {
	orders *order.Service
	// pool reads the desk's list on one connection (ListOrders).
	pool *pgxpool.Pool
	q    *db.Queries
	// changes is the order change feed (ListOrderChanges).
	changes *feed.Service
}

var _ saboresv1connect.AdminOrderServiceHandler = (*Handler)(nil)

// New returns the handler of the order module orders (as shopd wires it:
// its mailer, invoicer and refunds), reading the desk and the change feed
// from pool, the primary.
func New(orders *order.Service, pool *pgxpool.Pool) *Handler {
	return &Handler{orders: orders, pool: pool, q: db.New(pool), changes: feed.New(pool)}
}
