package orderapi_test

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/seed"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// signedIn returns a context signed in as the seeded user with email.
func signedIn(t *testing.T, pool *pgxpool.Pool, email string) context.Context {
	t.Helper()
	var id int64
	var name string
	if err := pool.QueryRow(context.Background(), `SELECT id, full_name FROM users WHERE email = $1`, email).Scan(&id, &name); err != nil {
		t.Fatalf("seeded user %s: %v", email, err)
	}
	return auth.WithPrincipal(context.Background(), auth.Principal{UserID: id, Email: email, Name: name, Role: auth.RoleClient})
}

// TestSeededOrders has María order from the sample catalogue next to her
// two seeded orders, and checks João's order stays out of her reach.
func TestSeededOrders(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	dbtest.TakeTransfers(t, pool)
	svc := orderapi.New(order.New(pool))
	maria := signedIn(t, pool, seed.MariaEmail)
	joao := signedIn(t, pool, seed.JoaoEmail)

	// Bissap 30 % off: 399 → 279 × 2 = 558; Kaiak at its fixed 34,90 €.
	placed, err := svc.PlaceOrder(maria, placeRequest(uuid.NewString(), saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER,
		line(11001, 2), line(12002, 1)))
	if err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}
	o := placed.Msg.GetOrder()
	// VAT: 558 at 10 % → 51; 3490 at 21 % → 606.
	if o.GetTotalCents() != 4048 || o.GetVatCents() != 657 || o.GetLines()[0].GetPromotionLabel() != "-30%" ||
		o.GetLines()[1].GetUnitPriceCents() != 3490 || o.GetPaymentStatus() != saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT {
		t.Errorf("order = %v", o)
	}

	// María was seeded as name "María", surname "Silva"; the delivery form's
	// one name field ("María Silva") must not leave the back office showing
	// "María Silva Silva".
	var name, surname string
	if err := pool.QueryRow(context.Background(), `SELECT name, surname FROM customers WHERE email = $1`, seed.MariaEmail).Scan(&name, &surname); err != nil {
		t.Fatal(err)
	}
	if full := strings.TrimSpace(name + " " + surname); full != "María Silva" {
		t.Errorf("customer after ordering = %q, want María Silva", full)
	}

	list, err := svc.ListMyOrders(maria, connect.NewRequest(&saboresv1.ListMyOrdersRequest{}))
	if err != nil {
		t.Fatalf("ListMyOrders: %v", err)
	}
	var statuses []saboresv1.OrderStatus
	for _, o := range list.Msg.GetOrders() {
		statuses = append(statuses, o.GetStatus())
	}
	want := []saboresv1.OrderStatus{saboresv1.OrderStatus_ORDER_STATUS_PENDING, saboresv1.OrderStatus_ORDER_STATUS_PENDING, saboresv1.OrderStatus_ORDER_STATUS_COMPLETED}
	if list.Msg.GetTotalSize() != 3 || len(statuses) != 3 || statuses[0] != want[0] || statuses[1] != want[1] || statuses[2] != want[2] ||
		list.Msg.GetOrders()[0].GetId() != o.GetId() {
		t.Errorf("María's orders = %v (total %d), want the new one first, then pending and completed", statuses, list.Msg.GetTotalSize())
	}

	joaos, err := svc.ListMyOrders(joao, connect.NewRequest(&saboresv1.ListMyOrdersRequest{}))
	if err != nil || joaos.Msg.GetTotalSize() != 2 {
		t.Fatalf("João's orders = %v, %v", joaos, err)
	}
	for _, theirs := range joaos.Msg.GetOrders() {
		_, err := svc.GetMyOrder(maria, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: theirs.GetId()}))
		if connecttest.Code(err) != connect.CodeNotFound {
			t.Errorf("María reading João's order %d = %v, want NotFound", theirs.GetId(), err)
		}
	}
	cancelled := joaos.Msg.GetOrders()[0]
	if cancelled.GetStatus() != saboresv1.OrderStatus_ORDER_STATUS_CANCELLED || cancelled.GetStatusText() != "cancelled" ||
		cancelled.GetPaymentMethod() != saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY || len(cancelled.GetLines()) != 1 {
		t.Errorf("João's latest order = %v", cancelled)
	}
}
