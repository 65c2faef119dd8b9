package adminlotapi_test

import (
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminlotapi"
	"github.com/sabores/sabores/backend/internal/api/adminsupplierapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/lots"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestGoodsInAndTheExpiryList: a supplier saved, a scan finding the
// product, a delivery of two lots booked (the use-by one, too close to its
// date, blocked as it arrives), and the expiry list showing what falls in
// the next 30 days, soonest first.
func TestGoodsInAndTheExpiryList(t *testing.T) {
	t.Parallel()
	s := admintest.NewShop(t)
	module := lots.New(s.Pool, nil)
	suppliers, h := adminsupplierapi.New(module), adminlotapi.New(module)
	if _, err := s.Pool.Exec(s.Ctx, `UPDATE products SET ean = '7891991000826' WHERE id = 1001`); err != nil {
		t.Fatal(err)
	}

	_, err := suppliers.SaveSupplier(s.Ctx, connect.NewRequest(&saboresv1.SaveSupplierRequest{Name: "Brasil Foods", TaxId: "B12345670"}))
	if code := connecttest.Code(apperr.ToConnect(s.Ctx, "test", err)); code != connect.CodeInvalidArgument {
		t.Errorf("a CIF with a wrong control digit: %v, want InvalidArgument", code)
	}
	sup, err := suppliers.SaveSupplier(s.Ctx, connect.NewRequest(&saboresv1.SaveSupplierRequest{
		Name: "Brasil Foods", TaxId: "b-1234567-4", ProductIds: []int64{1001},
	}))
	if err != nil || sup.Msg.GetSupplier().GetTaxId() != "B12345674" {
		t.Fatalf("save supplier: %v, %v", sup, err)
	}

	found, err := h.FindProductByEan(s.Ctx, connect.NewRequest(&saboresv1.FindProductByEanRequest{Ean: "7891991000826"}))
	if err != nil || found.Msg.GetProductId() != 1001 {
		t.Fatalf("the scan: %v, %v", found, err)
	}

	today := lots.Today(time.Now())
	soon, late, tooClose := today.AddDate(0, 0, 10), today.AddDate(0, 0, 60), today.AddDate(0, 0, 1)
	res, err := h.ReceiveDelivery(s.Ctx, connect.NewRequest(&saboresv1.ReceiveDeliveryRequest{
		SupplierId: sup.Msg.GetSupplier().GetId(), DocumentNumber: "ALB-2027-1", DeliveredOn: today.Format(time.DateOnly),
		Lines: []*saboresv1.DeliveryLine{
			{ProductId: 1001, Units: 6, LotCode: "L-LATE", ExpiresOn: late.Format(time.DateOnly), DateType: saboresv1.LotDateType_LOT_DATE_TYPE_BEST_BEFORE},
			{ProductId: 1001, Units: 4, LotCode: "L-SOON", ExpiresOn: soon.Format(time.DateOnly), DateType: saboresv1.LotDateType_LOT_DATE_TYPE_BEST_BEFORE},
			{ProductId: 1001, Units: 2, LotCode: "L-FRESH", ExpiresOn: tooClose.Format(time.DateOnly), DateType: saboresv1.LotDateType_LOT_DATE_TYPE_USE_BY},
		},
	}))
	if err != nil || len(res.Msg.GetLotIds()) != 3 {
		t.Fatalf("receive: %v, %v", res, err)
	}
	if got := res.Msg.GetBlockedLotIds(); len(got) != 1 || got[0] != res.Msg.GetLotIds()[2] {
		t.Errorf("blocked as it arrived: %v, want L-FRESH", got)
	}
	if n := s.Count(t, `SELECT count(*) FROM audit_events WHERE action IN ('supplier.create', 'delivery.receive', 'lot.block')`); n != 3 {
		t.Errorf("%d audit rows, want the supplier, the delivery and the block", n)
	}

	list, err := h.ListExpiringLots(s.Ctx, connect.NewRequest(&saboresv1.ListExpiringLotsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range list.Msg.GetLots() {
		got = append(got, l.GetCode()+"/"+l.GetBlockedReason()+"/"+l.GetSupplierName())
	}
	if len(got) != 2 || got[0] != "L-FRESH/use_by/Brasil Foods" || got[1] != "L-SOON//Brasil Foods" {
		t.Errorf("the next 30 days: %v, want L-FRESH (blocked) then L-SOON", got)
	}
	if list.Msg.GetUntil() != today.AddDate(0, 0, 30).Format(time.DateOnly) {
		t.Errorf("until %s", list.Msg.GetUntil())
	}
}
