// Package admin serves AdminService, the back office: products, customers,
// orders, statistics, country tiles, the sign-in status and integrators' API
// keys. What the back-office services share (the product view, the audit
// trail) lives in shop.
package admin

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// pageSizes: the order table shows 10 a page, as the contract documents;
// none serves more than 100.
var pageSizes = paging.Sizes{Default: 10, Max: 100}

// Service implements AdminService.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
	// orders takes the order desk's steps and records its refunds.
	orders *order.Service
	// products saves country tiles (the catalogue module).
	products *catalogue.Service
}

// Service serves these back-office services until each has a handler
// package of its own (issue 31).
var (
	_ saboresv1connect.AdminOrderServiceHandler = (*Service)(nil)
)

// New returns the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool), orders: order.New(pool), products: catalogue.New(pool)}
}

// WithOrders returns s taking the order desk's steps through the order
// module orders, as shopd wires it (its mailer, invoicer and refunds).
func (s *Service) WithOrders(orders *order.Service) *Service {
	s.orders = orders
	return s
}
