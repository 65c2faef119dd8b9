package accountapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/accountapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestTotalSpentFollowsStates: the dashboard's total spent is the money the
// shop kept. Each row is one shopper's only order.
func TestTotalSpentFollowsStates(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	svc := accountapi.New(account.New(pool))
	tests := []struct {
		name, method, status, payment string
		refundedCents                 int64 // accepted Redsys refunds of the order
		bankRefundedCents             int64 // bank refunds: of withdrawn lines, then of the order
		spent                         int64
	}{
		{"card paid, placed", "card", "placed", "paid", 0, 0, 1000},
		{"transfer paid, shipped", "transfer", "shipped", "paid", 0, 0, 1000},
		{"transfer awaiting payment", "transfer", "placed", "awaiting_payment", 0, 0, 0},
		{"card awaiting payment", "card", "placed", "awaiting_payment", 0, 0, 0},
		{"cash on delivery, preparing", "cash", "preparing", "on_delivery", 0, 0, 0},
		{"cash on delivery, shipped", "cash", "shipped", "on_delivery", 0, 0, 0},
		{"cash on delivery, delivered", "cash", "delivered", "paid", 0, 0, 1000},
		{"paid, then cancelled", "card", "cancelled", "paid", 0, 0, 0},
		{"unpaid, cancelled", "transfer", "cancelled", "awaiting_payment", 0, 0, 0},
		{"refunded", "card", "delivered", "refunded", 1000, 0, 0},
		{"partially refunded", "card", "delivered", "partially_refunded", 300, 0, 700},
		{"transfer partially refunded by bank", "transfer", "delivered", "partially_refunded", 0, 300, 400},
		{"transfer paid, cancelled, refunded by bank", "transfer", "cancelled", "refunded", 0, 1000, 0},
	}
	for i, tt := range tests {
		user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "s" + string(rune('a'+i))})
		var orderID int64
		if err := pool.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
				subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
				delivery_city, delivery_postal_code)
			VALUES ($1, gen_random_uuid(), $2, $3, $4, 1000, 0, 1000, 'X', 'x@example.com', '600000000', 'Rúa 1',
				'Burela', '27880') RETURNING id`, user, tt.status, tt.method, tt.payment).Scan(&orderID); err != nil {
			t.Fatal(err)
		}
		if tt.refundedCents > 0 {
			redsys := "0000" + string(rune('A'+i)) + "X"
			if _, err := pool.Exec(ctx, `INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents,
					status, decided_at) VALUES ($1, $2, 1, 'card', 1000, 'authorised', now())`, redsys, orderID); err != nil {
				t.Fatal(err)
			}
			// A refund Redsys refused gives nothing back.
			if _, err := pool.Exec(ctx, `INSERT INTO payment_refunds (redsys_order, amount_cents, status)
				VALUES ($1, $2, 'accepted'), ($1, 999, 'refused')`, redsys, tt.refundedCents); err != nil {
				t.Fatal(err)
			}
		}
		if tt.bankRefundedCents > 0 {
			// A withdrawal's lines given back by bank transfer, then a bank
			// refund of the order: both subtract.
			if _, err := pool.Exec(ctx, `INSERT INTO withdrawals (order_id, status, channel, received_at, refunded_at,
					refund_cents, refund_method, refund_reference)
				VALUES ($1, 'refunded', 'account', now(), now(), $2, 'bank_transfer', 'TRF-W')`, orderID, tt.bankRefundedCents); err != nil {
				t.Fatal(err)
			}
			if _, err := pool.Exec(ctx, `INSERT INTO bank_refunds (order_id, amount_cents, bank_reference, refunded_on)
				VALUES ($1, $2, 'TRF-O', '2026-01-10')`, orderID, tt.bankRefundedCents); err != nil {
				t.Fatal(err)
			}
		}
		res, err := svc.GetMyDashboard(auth.WithPrincipal(ctx, auth.Principal{UserID: user, Role: auth.RoleClient}),
			connect.NewRequest(&saboresv1.GetMyDashboardRequest{}))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if m := res.Msg; m.GetOrderCount() != 1 || m.GetTotalSpentCents() != tt.spent || m.GetAverageTicketCents() != tt.spent {
			t.Errorf("%s: count/spent/average %d/%d/%d, want 1/%d/%d", tt.name,
				m.GetOrderCount(), m.GetTotalSpentCents(), m.GetAverageTicketCents(), tt.spent, tt.spent)
		}
	}
}
