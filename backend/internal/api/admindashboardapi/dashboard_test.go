package admindashboardapi_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/admindashboardapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/shoptime"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func TestDashboardStats(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	res, err := admindashboardapi.New(f.Pool).GetDashboardStats(f.Ctx, connect.NewRequest(&saboresv1.GetDashboardStatsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	s := res.Msg
	// Cancelled excluded: 1000 + 1300 + 570 over 3 orders.
	if s.OrderCount != 3 || s.RevenueCents != 2870 || s.AverageTicketCents != 957 || s.CustomerCount != 2 || s.ProductCount != 3 {
		t.Errorf("totals = %d orders, %d revenue, %d average, %d customers, %d products",
			s.OrderCount, s.RevenueCents, s.AverageTicketCents, s.CustomerCount, s.ProductCount)
	}
	if len(s.Daily) != 30 {
		t.Fatalf("%d days, want 30", len(s.Daily))
	}
	today := time.Now().In(shoptime.Madrid).Format(time.DateOnly)
	if last := s.Daily[29]; last.Date != today || last.OrderCount < 1 {
		t.Errorf("last day = %+v, want today %s with the recent order", last, today)
	}
	var days, revenue int64
	for _, d := range s.Daily {
		days += int64(d.OrderCount)
		revenue += d.RevenueCents
	}
	if days != 2 || revenue != 1870 {
		t.Errorf("30 days hold %d orders, %d cents; want 2 and 1870 (40-day-old and cancelled orders excluded)", days, revenue)
	}
	if len(s.BestSellers) != 3 || s.BestSellers[0].ProductId != 1001 || s.BestSellers[0].Quantity != 5 ||
		s.BestSellers[0].Name != "Guaraná Antarctica" || s.BestSellers[0].RevenueCents != 1250 || s.BestSellers[2].Quantity != 1 {
		t.Errorf("best sellers = %v, want Guaraná (5 units) first and the cancelled 50 arepas ignored", s.BestSellers)
	}
	if len(s.CountNeeded) != 0 {
		t.Errorf("nothing sold below the count, yet %v to count", s.CountNeeded)
	}
	// A till sale sold the last units beyond the count: the owner is asked
	// to count that product.
	if _, err := f.Pool.Exec(f.Ctx, `UPDATE products SET stock = -2 WHERE id = 1001`); err != nil {
		t.Fatal(err)
	}
	res, err = admindashboardapi.New(f.Pool).GetDashboardStats(f.Ctx, connect.NewRequest(&saboresv1.GetDashboardStatsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Msg.CountNeeded; len(c) != 1 || c[0].ProductId != 1001 || c[0].Stock != -2 || c[0].Name != "Guaraná Antarctica" {
		t.Errorf("to count = %v, want Guaraná at -2", c)
	}
}

// TestDashboardCountsMoneyPaid: the periods count an order's total the day
// its money arrived (its first "paid"; one placed and never paid counts
// nothing, one paid again after a partial refund counts once) and take off
// what was refunded in the period, by Redsys or by bank (issue 37: the
// revenue card counted unpaid orders).
func TestDashboardCountsMoneyPaid(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := f.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
	order := func(total int) int64 {
		t.Helper()
		var id int64
		if err := f.Pool.QueryRow(ctx, `SELECT id FROM orders WHERE total_cents = $1`, total).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	old, recent, cancelled := order(1000), order(1300), order(9999)
	paid := `INSERT INTO order_events (order_id, machine, from_state, to_state, actor, created_at)
		VALUES ($1, 'payment', $2, 'paid', 'system', $3)`
	exec(paid, old, "awaiting_payment", time.Now().Add(-40*24*time.Hour))
	exec(paid, recent, "awaiting_payment", time.Now())
	exec(paid, recent, "partially_refunded", time.Now())
	exec(`INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
		VALUES ('0001ABC', $1, 1, 'card', 1300, 'authorised', now())`, recent)
	exec(`INSERT INTO payment_refunds (redsys_order, amount_cents, status, decided_at) VALUES
		('0001ABC', 300, 'accepted', now()), ('0001ABC', 50, 'refused', now())`)
	exec(`INSERT INTO bank_refunds (order_id, amount_cents, bank_reference, refunded_on)
		VALUES ($1, 100, 'TRF-1', timezone('Europe/Madrid', now())::date)`, cancelled)

	res, err := admindashboardapi.New(f.Pool).GetDashboardStats(f.Ctx, connect.NewRequest(&saboresv1.GetDashboardStatsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*saboresv1.PaidPeriod{}
	for _, p := range res.Msg.GetPaidPeriods() {
		got[p.GetPeriod()] = p
	}
	today := time.Now().In(shoptime.Madrid).Format(time.DateOnly)
	for _, key := range []string{"today", "last_7_days", "last_30_days"} {
		p := got[key]
		if p.GetPaidOrders() != 1 || p.GetPaidCents() != 1300 || p.GetRefundedCents() != 400 || p.GetNetCents() != 900 || p.GetToDay() != today {
			t.Errorf("%s = %v; want 1 order, 1300 paid, 400 refunded, 900 net, to %s", key, p, today)
		}
	}
	if len(got) != 4 || got["this_month"].GetFromDay() != today[:8]+"01" {
		t.Errorf("periods %v", got)
	}
}
