package admindashboardapi_test

import (
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
