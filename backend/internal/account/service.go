// Package account tells the storefront who is signed in, summarises the
// shopper's orders for the client dashboard, and serves the shopper's data
// rights: export, deletion and the cookie consent record.
package account

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// RecentOrders is how many orders the dashboard lists (spec §9).
const RecentOrders = 5

// Service implements AccountService over the shop's database.
type Service struct {
	pool    *pgxpool.Pool
	queries *db.Queries
}

var _ saboresv1connect.AccountServiceHandler = (*Service)(nil)

// New returns an account service reading from pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, queries: db.New(pool)}
}

// GetSession describes the caller from the principal the auth interceptor
// resolved. A guest, or an API key (which is no person), is signed_in false;
// a signed-in person whose role is unknown is a client (spec §6).
func (s *Service) GetSession(ctx context.Context, _ *connect.Request[saboresv1.GetSessionRequest]) (*connect.Response[saboresv1.GetSessionResponse], error) {
	p := auth.FromContext(ctx)
	res := &saboresv1.GetSessionResponse{}
	if p.UserID != 0 {
		res.SignedIn = true
		res.User = &saboresv1.User{Id: p.UserID, Email: p.Email, Name: p.Name, Role: saboresv1.Role_ROLE_CLIENT}
		if p.Role == auth.RoleAdmin {
			res.User.Role = saboresv1.Role_ROLE_ADMIN
		}
	}
	return connect.NewResponse(res), nil
}

// GetMyDashboard summarises ALL of the caller's orders, not only the recent
// ones the old app summed: every order counts in order_count, but only the
// money the shop kept is spent (paid orders, cash on delivery once
// delivered, less partial refunds; never cancelled, refunded or unpaid
// ones), and the average ticket is that total over those orders, rounded
// half-up.
func (s *Service) GetMyDashboard(ctx context.Context, _ *connect.Request[saboresv1.GetMyDashboardRequest]) (*connect.Response[saboresv1.GetMyDashboardResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	stats, err := s.queries.OrderStatsForUser(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("account: order stats: %w", err)
	}
	recent, err := shop.ListOrders(ctx, s.queries, userID, RecentOrders, 0)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetMyDashboardResponse{
		OrderCount:         int32(stats.OrderCount),
		TotalSpentCents:    stats.SpentCents,
		AverageTicketCents: pricing.AverageTicketCents(stats.SpentCents, stats.SpentOrderCount),
		RecentOrders:       apimap.Orders(recent),
	}), nil
}
