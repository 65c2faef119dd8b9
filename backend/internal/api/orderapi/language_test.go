package orderapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/seed"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestOrdersInPortuguese: an order's lines keep the Portuguese name the
// product had when sold, shown when the shopper reads in Portuguese; a later
// rename does not rewrite it.
func TestOrdersInPortuguese(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	dbtest.TakeTransfers(t, pool)
	svc := orderapi.New(order.New(pool))
	maria := signedIn(t, pool, seed.MariaEmail)
	placed, err := svc.PlaceOrder(maria, placeRequest(uuid.NewString(), saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER, line(6001, 1)))
	if err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}
	id := placed.Msg.GetOrder().GetId()
	if _, err := pool.Exec(context.Background(), `UPDATE products SET name_pt = 'Erva-Mate Taragüí (nova)' WHERE id = 6001`); err != nil {
		t.Fatal(err)
	}
	name := func(lang saboresv1.Language) string {
		t.Helper()
		res, err := svc.GetMyOrder(maria, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: id, Language: lang}))
		if err != nil {
			t.Fatalf("GetMyOrder: %v", err)
		}
		return res.Msg.GetOrder().GetLines()[0].GetName()
	}
	if es, pt := name(saboresv1.Language_LANGUAGE_ES), name(saboresv1.Language_LANGUAGE_PT); es != "Yerba Mate Taragüí 1 kg" || pt != "Erva-Mate Taragüí 1 kg" {
		t.Errorf("line names %q / %q, want the names as sold", es, pt)
	}
	list, err := svc.ListMyOrders(maria, connect.NewRequest(&saboresv1.ListMyOrdersRequest{Language: saboresv1.Language_LANGUAGE_PT}))
	if err != nil {
		t.Fatal(err)
	}
	if got := list.Msg.GetOrders()[0].GetLines()[0].GetName(); got != "Erva-Mate Taragüí 1 kg" {
		t.Errorf("newest order's line in the list = %q", got)
	}
}
