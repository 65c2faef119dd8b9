package adminpromotionapi_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/adminpromotionapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/promotion"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

type fixture struct {
	admintest.Shop
	svc *adminpromotionapi.Handler
}

// setup makes admintest's small shop and the handler over it.
func setup(t *testing.T) fixture {
	t.Helper()
	s := admintest.NewShop(t)
	return fixture{Shop: s, svc: adminpromotionapi.New(promotion.New(s.Pool), s.Pool)}
}

func percentOff(bp int32, start, end time.Time) *saboresv1.PromotionTerms {
	t := &saboresv1.PromotionTerms{Type: saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE, DiscountBasisPoints: bp, EndTime: timestamppb.New(end)}
	if !start.IsZero() {
		t.StartTime = timestamppb.New(start)
	}
	return t
}

func TestPromotionsDesk(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	now := time.Now()
	// The price was 2,00 € 20 days ago and is 2,50 € now: a promotion is
	// labelled against the lowest price of the 30 days before it.
	if _, err := f.Pool.Exec(ctx, `INSERT INTO price_history (product_id, price_cents, valid_from) VALUES
		(1001, 200, now() - interval '40 days'), (1001, 250, now() - interval '20 days')`); err != nil {
		t.Fatal(err)
	}
	created, err := f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{
		ProductId: 1001, Terms: percentOff(2000, time.Time{}, now.Add(7*24*time.Hour)),
	}))
	if err != nil {
		t.Fatalf("CreatePromotion: %v", err)
	}
	p := created.Msg.GetPromotion()
	// 20 % off 2,50 € is 2,00 €: no reduction against the 2,00 € of 30 days, no label.
	if p.GetState() != saboresv1.PromotionState_PROMOTION_STATE_RUNNING || p.GetPriceCents() != 200 ||
		p.GetLowestPrice_30DCents() != 200 || p.GetLabel() != "" || p.GetProductName() != "Guaraná Antarctica" {
		t.Errorf("created %+v", p)
	}

	// Overlapping the running one: refused, with the one it overlaps named.
	_, err = f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{
		ProductId: 1001, Terms: percentOff(1000, now.Add(24*time.Hour), now.Add(30*24*time.Hour)),
	}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "PROMOTION_OVERLAP" {
		t.Errorf("overlap: %v %q", code, reason)
	}
	if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetMetadata()["promotion_id"] == "" {
		t.Errorf("overlap details: %v", infos)
	}
	// After it ends: accepted, scheduled.
	later, err := f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{
		ProductId: 1001, Terms: &saboresv1.PromotionTerms{Type: saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE, FixedPriceCents: 150,
			StartTime: timestamppb.New(now.Add(8 * 24 * time.Hour)), EndTime: timestamppb.New(now.Add(9 * 24 * time.Hour))},
	}))
	if err != nil || later.Msg.GetPromotion().GetState() != saboresv1.PromotionState_PROMOTION_STATE_SCHEDULED ||
		later.Msg.GetPromotion().GetLabel() != "-25%" {
		t.Fatalf("later promotion: %v, %v", later, err)
	}
	// Moving the first to end later overlaps the scheduled one.
	_, err = f.svc.UpdatePromotion(f.Ctx, connect.NewRequest(&saboresv1.UpdatePromotionRequest{
		Id: p.GetId(), Terms: percentOff(2000, p.GetStartTime().AsTime(), now.Add(10*24*time.Hour)),
	}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "PROMOTION_OVERLAP" {
		t.Errorf("edit into overlap: %v %q", code, reason)
	}
	// A deeper cut within its own window is fine: 40 % off 2,50 € = 1,50 €, -25 % against 2,00 €.
	updated, err := f.svc.UpdatePromotion(f.Ctx, connect.NewRequest(&saboresv1.UpdatePromotionRequest{
		Id: p.GetId(), Terms: percentOff(4000, p.GetStartTime().AsTime(), now.Add(7*24*time.Hour)),
	}))
	if err != nil || updated.Msg.GetPromotion().GetPriceCents() != 150 || updated.Msg.GetPromotion().GetLabel() != "-25%" {
		t.Fatalf("update: %v, %v", updated, err)
	}

	for _, tc := range []struct {
		name   string
		terms  *saboresv1.PromotionTerms
		code   connect.Code
		detail string
	}{
		{"fixed price not below", &saboresv1.PromotionTerms{Type: saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE,
			FixedPriceCents: 320, EndTime: timestamppb.New(now.Add(time.Hour))}, connect.CodeInvalidArgument, "PROMOTION_NOT_A_REDUCTION"},
		{"starts in the past", percentOff(1000, now.Add(-48*time.Hour), now.Add(time.Hour)), connect.CodeInvalidArgument, "PROMOTION_STARTS_IN_PAST"},
		{"ends before it starts", percentOff(1000, now.Add(2*time.Hour), now.Add(time.Hour)), connect.CodeInvalidArgument, "terms.end_time"},
		{"percentage without one", percentOff(0, time.Time{}, now.Add(time.Hour)), connect.CodeInvalidArgument, "terms.discount_basis_points"},
	} {
		_, err := f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{ProductId: 2001, Terms: tc.terms}))
		if code, detail := connecttest.Detail(t, err); code != tc.code || detail != tc.detail {
			t.Errorf("%s: %v %q, want %v %q", tc.name, code, detail, tc.code, tc.detail)
		}
	}

	// End the running one now, withdraw the scheduled one.
	ended, err := f.svc.EndPromotion(f.Ctx, connect.NewRequest(&saboresv1.EndPromotionRequest{Id: p.GetId()}))
	if err != nil || ended.Msg.GetPromotion().GetEndTime().AsTime().After(time.Now()) {
		t.Fatalf("end: %v, %v", ended, err)
	}
	if _, err := f.svc.EndPromotion(f.Ctx, connect.NewRequest(&saboresv1.EndPromotionRequest{Id: later.Msg.GetPromotion().GetId()})); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM product_promotions WHERE id = $1 AND NOT is_active`, later.Msg.GetPromotion().GetId()); n != 1 {
		t.Error("the scheduled promotion was not withdrawn")
	}
	_, err = f.svc.UpdatePromotion(f.Ctx, connect.NewRequest(&saboresv1.UpdatePromotionRequest{
		Id: later.Msg.GetPromotion().GetId(), Terms: percentOff(1000, now.Add(24*time.Hour), now.Add(48*time.Hour)),
	}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "PROMOTION_ENDED" {
		t.Errorf("editing a withdrawn one: %v %q", code, reason)
	}

	list, err := f.svc.ListPromotions(f.Ctx, connect.NewRequest(&saboresv1.ListPromotionsRequest{ProductId: 1001}))
	if err != nil || len(list.Msg.GetPromotions()) != 0 {
		t.Errorf("current promotions after ending both: %v, %v", list, err)
	}
	list, err = f.svc.ListPromotions(f.Ctx, connect.NewRequest(&saboresv1.ListPromotionsRequest{IncludeEnded: true}))
	if err != nil || list.Msg.GetTotalSize() != 2 || list.Msg.GetPromotions()[0].GetId() != later.Msg.GetPromotion().GetId() {
		t.Errorf("all promotions, newest first: %v, %v", list, err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE entity LIKE 'promotion:%'
		AND action IN ('promotion.create', 'promotion.update', 'promotion.end')`); n != 5 {
		t.Errorf("%d promotion audit rows, want 2 created, 1 updated, 2 ended", n)
	}
}

// TestPromotionNeedsThirtyDaysOfPrices: a promotion on a product priced for
// fewer than 30 days is refused with the moment from which it may start
// (its 30-day lowest price would be one never charged for 30 days); a
// start from that moment is accepted, scheduled (issue 37).
func TestPromotionNeedsThirtyDaysOfPrices(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	now := time.Now()
	firstPriced := now.Add(-10 * 24 * time.Hour).Truncate(time.Second)
	if _, err := f.Pool.Exec(ctx, `DELETE FROM price_history WHERE product_id = 2001`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Pool.Exec(ctx, `INSERT INTO price_history (product_id, price_cents, valid_from) VALUES (2001, 320, $1)`, firstPriced); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{
		ProductId: 2001, Terms: percentOff(1000, time.Time{}, now.Add(7*24*time.Hour)),
	}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "PROMOTION_PRICE_HISTORY_SHORT" {
		t.Fatalf("10 days of prices: %v %q", code, reason)
	}
	infos := connecttest.ErrorInfos(t, err)
	earliest, perr := time.Parse(time.RFC3339, infos[0].GetMetadata()["earliest_start"])
	if perr != nil || !earliest.Equal(firstPriced.AddDate(0, 0, 30)) {
		t.Fatalf("earliest start %q (%v), want %v", infos[0].GetMetadata()["earliest_start"], perr, firstPriced.AddDate(0, 0, 30))
	}
	if n := f.Count(t, `SELECT count(*) FROM product_promotions WHERE product_id = 2001`); n != 0 {
		t.Errorf("%d promotions stored after the refusal", n)
	}
	// A second before that moment is still refused; from it, accepted.
	_, err = f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{
		ProductId: 2001, Terms: percentOff(1000, earliest.Add(-time.Second), earliest.Add(7*24*time.Hour)),
	}))
	if _, reason := connecttest.Detail(t, err); reason != "PROMOTION_PRICE_HISTORY_SHORT" {
		t.Errorf("a second early: %q", reason)
	}
	created, err := f.svc.CreatePromotion(f.Ctx, connect.NewRequest(&saboresv1.CreatePromotionRequest{
		ProductId: 2001, Terms: percentOff(1000, earliest, earliest.Add(7*24*time.Hour)),
	}))
	if err != nil || created.Msg.GetPromotion().GetState() != saboresv1.PromotionState_PROMOTION_STATE_SCHEDULED {
		t.Fatalf("from the earliest start: %v, %v", created, err)
	}
	// Moving it earlier is refused the same way.
	_, err = f.svc.UpdatePromotion(f.Ctx, connect.NewRequest(&saboresv1.UpdatePromotionRequest{
		Id: created.Msg.GetPromotion().GetId(), Terms: percentOff(1000, now.Add(time.Hour), earliest.Add(7*24*time.Hour)),
	}))
	if _, reason := connecttest.Detail(t, err); reason != "PROMOTION_PRICE_HISTORY_SHORT" {
		t.Errorf("moved earlier: %q", reason)
	}
}
