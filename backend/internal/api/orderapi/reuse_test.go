package orderapi_test

import (
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestIdempotencyKeyReusedForAnotherCart: a key sent again with a different
// cart is a client bug, not a retry; answering with the first order would
// tell the shopper the second cart was bought. The same cart, in any line
// order, is a retry and gets the first order.
func TestIdempotencyKeyReusedForAnotherCart(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "maria")
	key := uuid.NewString()
	first, err := b.svc.PlaceOrder(ctx, placeRequest(key, card, line(1, 2), line(2, 1)))
	if err != nil {
		t.Fatalf("first PlaceOrder: %v", err)
	}
	retry, err := b.svc.PlaceOrder(ctx, placeRequest(key, card, line(2, 1), line(1, 2)))
	if err != nil || retry.Msg.GetOrder().GetId() != first.Msg.GetOrder().GetId() {
		t.Fatalf("retry with the same cart = %v, %v; want order %d", retry, err, first.Msg.GetOrder().GetId())
	}
	for name, req := range map[string]*connect.Request[saboresv1.PlaceOrderRequest]{
		"another quantity": placeRequest(key, card, line(1, 3), line(2, 1)),
		"another product":  placeRequest(key, card, line(1, 2), line(3, 1)),
		"a line less":      placeRequest(key, card, line(1, 2)),
	} {
		_, err := b.svc.PlaceOrder(ctx, req)
		if connecttest.Code(err) != connect.CodeFailedPrecondition {
			t.Errorf("%s with a used key: %v, want FailedPrecondition", name, err)
			continue
		}
		if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetReason() != "IDEMPOTENCY_KEY_REUSED" {
			t.Errorf("%s with a used key: ErrorInfo %v, want IDEMPOTENCY_KEY_REUSED", name, infos)
		}
	}
	if b.count(t, "orders") != 1 {
		t.Errorf("orders = %d, want 1", b.count(t, "orders"))
	}
}
