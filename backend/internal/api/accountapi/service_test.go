package accountapi_test

import (
	"context"
	"testing"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/accountapi"
	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func TestGetSession(t *testing.T) {
	t.Parallel()
	svc := accountapi.New(account.New(dbtest.New(t)))
	tests := []struct {
		name     string
		p        auth.Principal
		signedIn bool
		role     saboresv1.Role
	}{
		{"guest", auth.Principal{}, false, saboresv1.Role_ROLE_UNSPECIFIED},
		{"api key", auth.Principal{APIKeyID: 3, Role: auth.RoleAdmin}, false, saboresv1.Role_ROLE_UNSPECIFIED},
		{"client", auth.Principal{UserID: 2, Email: "maria@example.com", Name: "María Silva", Role: auth.RoleClient}, true, saboresv1.Role_ROLE_CLIENT},
		{"admin", auth.Principal{UserID: 1, Email: "admin@sabores.es", Name: "Admin Sabores", Role: auth.RoleAdmin}, true, saboresv1.Role_ROLE_ADMIN},
		{"till", auth.Principal{UserID: 5, Email: "caixa@sabores.es", Name: "Caixa", Role: auth.RoleTill}, true, saboresv1.Role_ROLE_TILL},
		{"role not resolved", auth.Principal{UserID: 4, Email: "joao@example.com"}, true, saboresv1.Role_ROLE_CLIENT},
	}
	for _, tt := range tests {
		res, err := svc.GetSession(auth.WithPrincipal(context.Background(), tt.p), connect.NewRequest(&saboresv1.GetSessionRequest{}))
		if err != nil {
			t.Fatalf("%s: GetSession: %v", tt.name, err)
		}
		got := res.Msg
		if got.GetSignedIn() != tt.signedIn || got.GetUser().GetRole() != tt.role {
			t.Errorf("%s: GetSession = %v, want signed_in %v role %v", tt.name, got, tt.signedIn, tt.role)
		}
		if tt.signedIn && (got.GetUser().GetId() != tt.p.UserID || got.GetUser().GetEmail() != tt.p.Email || got.GetUser().GetName() != tt.p.Name) {
			t.Errorf("%s: user = %v, want %+v", tt.name, got.GetUser(), tt.p)
		}
		if !tt.signedIn && got.GetUser() != nil {
			t.Errorf("%s: a guest got user %v", tt.name, got.GetUser())
		}
	}
}

// TestGetMyDashboard checks the figures cover all of the shopper's orders
// (7, more than the 5 listed), leave cancelled ones out of the money, and
// ignore other shoppers' orders.
func TestGetMyDashboard(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	dbtest.Product(t, pool, dbtest.ProductOpts{
		ID: 1, Name: "Guaraná", Code: "BR-1", SKU: "SKU-1", Category: "bebidas", PriceCents: 333, VATBasisPoints: 1000, Stock: 100,
	})
	maria := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "maria"})
	joao := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "joao"})
	mariaCtx := auth.WithPrincipal(ctx, auth.Principal{UserID: maria, Role: auth.RoleClient})
	joaoCtx := auth.WithPrincipal(ctx, auth.Principal{UserID: joao, Role: auth.RoleClient})
	// João's 50-unit line is over the hoarding limit per line: this test
	// is about the dashboard's sums, so the limits are lifted, and every
	// order ships free (from 0,01 €) in light parcels.
	if _, err := pool.Exec(ctx, `UPDATE products SET shipping_weight_grams = 10;
		UPDATE shipping_methods SET free_above_cents = 1 WHERE code = 'standard'`); err != nil {
		t.Fatal(err)
	}
	orders := orderapi.New(order.New(pool).WithLimits(order.Limits{MaxUnitsPerLine: 1000, MaxUnpaidOrders: 1000, TransferSharePercent: 100}))
	place := func(ctx context.Context, quantity int32) int64 {
		t.Helper()
		res, err := orders.PlaceOrder(ctx, connect.NewRequest(&saboresv1.PlaceOrderRequest{
			IdempotencyKey: uuid.NewString(),
			Lines:          []*saboresv1.CartLineInput{{ProductId: 1, Quantity: quantity}},
			Delivery: &saboresv1.DeliveryInput{Name: "Cliente", Email: "c@example.com", Phone: "600000000",
				Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
			PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
		}))
		if err != nil {
			t.Fatalf("PlaceOrder: %v", err)
		}
		return res.Msg.GetOrder().GetId()
	}
	svc := accountapi.New(account.New(pool))

	empty, err := svc.GetMyDashboard(mariaCtx, connect.NewRequest(&saboresv1.GetMyDashboardRequest{}))
	if err != nil {
		t.Fatalf("GetMyDashboard: %v", err)
	}
	if m := empty.Msg; m.GetOrderCount() != 0 || m.GetTotalSpentCents() != 0 || m.GetAverageTicketCents() != 0 || len(m.GetRecentOrders()) != 0 {
		t.Errorf("dashboard without orders = %v", m)
	}

	// Quantities 1..7 at 3,33 €: 333, 666, …, 2331. Order 2 is cancelled.
	var ids []int64
	for q := int32(1); q <= 7; q++ {
		ids = append(ids, place(mariaCtx, q))
	}
	if _, err := pool.Exec(ctx, `UPDATE orders SET payment_status = 'paid' WHERE user_id = $1`, maria); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1`, ids[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'delivered' WHERE id = $1`, ids[0]); err != nil {
		t.Fatal(err)
	}
	place(joaoCtx, 50)

	res, err := svc.GetMyDashboard(mariaCtx, connect.NewRequest(&saboresv1.GetMyDashboardRequest{}))
	if err != nil {
		t.Fatalf("GetMyDashboard: %v", err)
	}
	m := res.Msg
	// Spent: 333 × (1+3+4+5+6+7) = 333 × 26 = 8658 over 6 orders = 1443.
	if m.GetOrderCount() != 7 || m.GetTotalSpentCents() != 8658 || m.GetAverageTicketCents() != 1443 {
		t.Errorf("count/spent/average = %d/%d/%d, want 7/8658/1443", m.GetOrderCount(), m.GetTotalSpentCents(), m.GetAverageTicketCents())
	}
	if len(m.GetRecentOrders()) != account.RecentOrders {
		t.Fatalf("recent orders = %d, want %d", len(m.GetRecentOrders()), account.RecentOrders)
	}
	for i, o := range m.GetRecentOrders() {
		if want := ids[6-i]; o.GetId() != want || len(o.GetLines()) != 1 {
			t.Errorf("recent order %d = %d with %d lines, want %d, newest first", i, o.GetId(), len(o.GetLines()), want)
		}
	}

	// Half-up average: 333 + 334 = 667 over 2 = 333.5 → 334.
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'cancelled' WHERE user_id = $1 AND id <> ALL($2::bigint[])`, maria, ids[:2]); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE orders SET status = 'placed', total_cents = 334 WHERE id = $1`, ids[1]); err != nil {
		t.Fatal(err)
	}
	res, err = svc.GetMyDashboard(mariaCtx, connect.NewRequest(&saboresv1.GetMyDashboardRequest{}))
	if err != nil {
		t.Fatalf("GetMyDashboard: %v", err)
	}
	if m := res.Msg; m.GetTotalSpentCents() != 667 || m.GetAverageTicketCents() != 334 {
		t.Errorf("spent/average = %d/%d, want 667/334", m.GetTotalSpentCents(), m.GetAverageTicketCents())
	}

	if _, err := svc.GetMyDashboard(ctx, connect.NewRequest(&saboresv1.GetMyDashboardRequest{})); connecttest.Code(err) != connect.CodeUnauthenticated {
		t.Errorf("anonymous GetMyDashboard = %v, want Unauthenticated", err)
	}
}
