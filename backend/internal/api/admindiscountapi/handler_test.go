package admindiscountapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/admindiscountapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/discount"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestDiscountCodesDesk: the owner creates a code (in capitals), a second
// with the same name is refused, pausing and resuming it shows in the list,
// and each change leaves its audit row.
func TestDiscountCodesDesk(t *testing.T) {
	t.Parallel()
	s := admintest.NewShop(t)
	svc := admindiscountapi.New(discount.New(s.Pool))
	spec := &saboresv1.DiscountCodeSpec{
		Code: "verao10", Kind: saboresv1.DiscountKind_DISCOUNT_KIND_PERCENTAGE, PercentBasisPoints: 1000,
		MinimumCents: 3000, StartsOn: "2026-06-01", EndsOn: "2026-08-31", MaxUses: 100, MaxUsesPerShopper: 1,
		ExcludedCategories: []string{"perfumes"},
	}
	created, err := svc.CreateDiscountCode(s.Ctx, connect.NewRequest(&saboresv1.CreateDiscountCodeRequest{Spec: spec}))
	if err != nil {
		t.Fatal(err)
	}
	c := created.Msg.GetCode()
	if c.GetSpec().GetCode() != "VERAO10" || c.GetSpec().GetEndsOn() != "2026-08-31" || c.GetPaused() {
		t.Errorf("created %+v", c)
	}
	if _, err := svc.CreateDiscountCode(s.Ctx, connect.NewRequest(&saboresv1.CreateDiscountCodeRequest{Spec: spec})); connecttest.Code(err) != connect.CodeAlreadyExists {
		t.Errorf("same code again: %v, want AlreadyExists", err)
	}
	bad := &saboresv1.DiscountCodeSpec{Code: "NADA", Kind: saboresv1.DiscountKind_DISCOUNT_KIND_FIXED}
	if _, err := svc.CreateDiscountCode(s.Ctx, connect.NewRequest(&saboresv1.CreateDiscountCodeRequest{Spec: bad})); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("a fixed code of nothing: %v, want InvalidArgument", err)
	}
	if _, err := svc.SetDiscountCodePaused(s.Ctx, connect.NewRequest(&saboresv1.SetDiscountCodePausedRequest{Id: c.GetId(), Paused: true})); err != nil {
		t.Fatal(err)
	}
	list, err := svc.ListDiscountCodes(s.Ctx, connect.NewRequest(&saboresv1.ListDiscountCodesRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Msg.GetCodes()) != 1 || !list.Msg.GetCodes()[0].GetPaused() || list.Msg.GetCodes()[0].GetUses() != 0 {
		t.Errorf("list %+v", list.Msg.GetCodes())
	}
	if _, err := svc.SetDiscountCodePaused(s.Ctx, connect.NewRequest(&saboresv1.SetDiscountCodePausedRequest{Id: c.GetId()})); err != nil {
		t.Fatal(err)
	}
	var actions []string
	rows, err := s.Pool.Query(context.Background(), `SELECT action FROM audit_events WHERE entity LIKE 'discount_code:%' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		actions = append(actions, a)
	}
	if want := []string{"discount_code.create", "discount_code.pause", "discount_code.resume"}; len(actions) != 3 || actions[0] != want[0] || actions[1] != want[1] || actions[2] != want[2] {
		t.Errorf("audit %v, want %v", actions, want)
	}
}
