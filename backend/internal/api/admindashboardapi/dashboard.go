package admindashboardapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shoptime"
	"github.com/sabores/sabores/backend/internal/stuck"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// GetDashboardStats reads the dashboard, cancelled orders excluded: totals,
// the last 30 days in Madrid time and the best sellers, from the rollups the
// orders' triggers keep (migration 00255), never by scanning the orders;
// the work stuck now (package stuck), which the dashboard shows in red; and
// the products to count, their stock sold below zero at the till.
func (h *Handler) GetDashboardStats(ctx context.Context, _ *connect.Request[saboresv1.GetDashboardStatsRequest]) (*connect.Response[saboresv1.GetDashboardStatsResponse], error) {
	totals, err := h.q.AdminDashboardTotals(ctx)
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: dashboard totals: %w", err)
	}
	daily, err := h.q.AdminDailyStats(ctx, time.Now())
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: daily stats: %w", err)
	}
	now := time.Now()
	periods := shoptime.Periods(now)
	last30 := periods[2]
	best, err := h.q.AdminBestSellersPaid(ctx, db.AdminBestSellersPaidParams{FromTime: last30.From, ToTime: last30.To})
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: best sellers: %w", err)
	}
	count, err := h.q.AdminCountNeeded(ctx)
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: products to count: %w", err)
	}
	stuckNow, err := stuck.Read(ctx, h.q, now)
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: stuck work: %w", err)
	}
	paidDays, err := h.paidDays(ctx, periods)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.GetDashboardStatsResponse{
		OrderCount:         totals.OrderCount,
		RevenueCents:       totals.RevenueCents,
		AverageTicketCents: pricing.AverageTicketCents(totals.RevenueCents, int64(totals.OrderCount)),
		CustomerCount:      int32(totals.CustomerCount),
		ProductCount:       int32(totals.ProductCount),
		Stuck: &saboresv1.StuckWork{
			Emails: stuckNow.EmailsStuck, Refunds: stuckNow.RefundsStuck, VerifactuRecords: stuckNow.VerifactuStuck,
		},
		PaidPeriods:        paidPeriods(periods, paidDays),
		BestSellersFromDay: last30.FromDay,
		BestSellersToDay:   last30.ToDay,
	}
	for _, d := range daily {
		m := paidDays[d.Day]
		res.Daily = append(res.Daily, &saboresv1.DailyStat{
			Date: d.Day, OrderCount: d.OrderCount, RevenueCents: d.RevenueCents,
			PaidOrders: m.PaidOrders, PaidCents: m.PaidCents, RefundedCents: m.RefundedCents,
			NetCents: m.PaidCents - m.RefundedCents, StoreCents: m.StoreCents,
		})
	}
	for _, b := range best {
		res.BestSellers = append(res.BestSellers, &saboresv1.BestSeller{
			ProductId: b.ProductID, Name: b.Name, Quantity: b.Quantity, RevenueCents: b.RevenueCents,
		})
	}
	for _, c := range count {
		res.CountNeeded = append(res.CountNeeded, &saboresv1.CountNeeded{ProductId: c.ID, Name: c.Name, Stock: c.Stock})
	}
	return connect.NewResponse(res), nil
}

// paidDays is the money paid and refunded on each Madrid day of the
// dashboard's periods (the earliest's first day to today), by day: the
// one reading the periods and the daily chart share, so the chart's last
// 30 days add up to the "last 30 days" card.
func (h *Handler) paidDays(ctx context.Context, periods []shoptime.Period) (map[string]db.AdminPaidByDayRow, error) {
	from := periods[0].FromDay
	for _, p := range periods {
		from = min(from, p.FromDay) // YYYY-MM-DD sorts as days do
	}
	day := func(s string) pgtype.Date {
		t, _ := time.Parse(time.DateOnly, s) // shoptime.Periods writes them
		return pgtype.Date{Time: t, Valid: true}
	}
	rows, err := h.q.AdminPaidByDay(ctx, db.AdminPaidByDayParams{FromDay: day(from), ToDay: day(periods[0].ToDay)})
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: money paid by day: %w", err)
	}
	days := make(map[string]db.AdminPaidByDayRow, len(rows))
	for _, r := range rows {
		days[r.Day] = r
	}
	return days, nil
}

// paidPeriods adds up each period's days: the orders' totals count the day
// their money arrived (online or at the till), not the day they were
// placed, and refunds the day they were given back (issue 37: 104,02 €
// shown where 55,31 € had been paid).
func paidPeriods(periods []shoptime.Period, days map[string]db.AdminPaidByDayRow) []*saboresv1.PaidPeriod {
	out := make([]*saboresv1.PaidPeriod, 0, len(periods))
	for _, p := range periods {
		sum := &saboresv1.PaidPeriod{Period: p.Key, FromDay: p.FromDay, ToDay: p.ToDay}
		for d := p.From; d.Before(p.To); d = d.AddDate(0, 0, 1) {
			r := days[d.Format(time.DateOnly)]
			sum.PaidOrders += r.PaidOrders
			sum.PaidCents += r.PaidCents
			sum.RefundedCents += r.RefundedCents
			sum.StoreCents += r.StoreCents
		}
		sum.NetCents = sum.PaidCents - sum.RefundedCents
		out = append(out, sum)
	}
	return out
}
