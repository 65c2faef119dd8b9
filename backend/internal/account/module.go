// Package account is the business module of the shopper's own account: the
// client dashboard's summary of their orders, and their data rights
// (export, deletion and the cookie consent record), each for the signed-in
// caller only.
package account

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// RecentOrders is how many orders the dashboard lists (spec §9).
const RecentOrders = 5

// Service holds the account's use cases.
type Service struct {
	pool    *pgxpool.Pool
	queries *db.Queries
}

// New returns the module over pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, queries: db.New(pool)}
}

// Dashboard sums up the caller's orders.
type Dashboard struct {
	OrderCount         int64
	SpentCents         int64
	AverageTicketCents int64
	Recent             []order.Order
}

// Dashboard summarises ALL of the caller's orders, not only the recent
// ones the old app summed: every order counts in OrderCount, but only the
// money the shop kept is spent (paid orders, cash on delivery once
// delivered, less partial refunds; never cancelled, refunded or unpaid
// ones), and the average ticket is that total over those orders, rounded
// half-up.
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return Dashboard{}, err
	}
	stats, err := s.queries.OrderStatsForUser(ctx, userID)
	if err != nil {
		return Dashboard{}, fmt.Errorf("account: order stats: %w", err)
	}
	rows, err := s.queries.ListOrdersForUser(ctx, db.ListOrdersForUserParams{UserID: userID, PageLimit: RecentOrders, PageOffset: 0})
	if err != nil {
		return Dashboard{}, fmt.Errorf("order: list orders: %w", err)
	}
	recent, err := order.WithLines(ctx, s.queries, rows)
	if err != nil {
		return Dashboard{}, err
	}
	return Dashboard{
		OrderCount:         stats.OrderCount,
		SpentCents:         stats.SpentCents,
		AverageTicketCents: pricing.AverageTicketCents(stats.SpentCents, stats.SpentOrderCount),
		Recent:             recent,
	}, nil
}
