package admindashboardapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

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
	best, err := h.q.AdminBestSellers(ctx)
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: best sellers: %w", err)
	}
	count, err := h.q.AdminCountNeeded(ctx)
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: products to count: %w", err)
	}
	stuckNow, err := stuck.Read(ctx, h.q, time.Now())
	if err != nil {
		return nil, fmt.Errorf("admindashboardapi: stuck work: %w", err)
	}
	paid, err := h.paidPeriods(ctx, time.Now())
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
		PaidPeriods: paid,
	}
	for _, d := range daily {
		res.Daily = append(res.Daily, &saboresv1.DailyStat{Date: d.Day, OrderCount: d.OrderCount, RevenueCents: d.RevenueCents})
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

// paidPeriods is the money paid and refunded in each of the dashboard's
// Madrid periods at now (shoptime.Periods): the orders' totals count the
// day their money arrived, not the day they were placed, and refunds the
// day they were given back (issue 37: 104,02 € shown where 55,31 € had
// been paid).
func (h *Handler) paidPeriods(ctx context.Context, now time.Time) ([]*saboresv1.PaidPeriod, error) {
	var out []*saboresv1.PaidPeriod
	for _, p := range shoptime.Periods(now) {
		r, err := h.q.AdminPaidBetween(ctx, db.AdminPaidBetweenParams{FromTime: p.From, ToTime: p.To})
		if err != nil {
			return nil, fmt.Errorf("admindashboardapi: money paid %s: %w", p.Key, err)
		}
		out = append(out, &saboresv1.PaidPeriod{
			Period: p.Key, FromDay: p.FromDay, ToDay: p.ToDay, PaidOrders: r.PaidOrders,
			PaidCents: r.PaidCents, RefundedCents: r.RefundedCents, NetCents: r.PaidCents - r.RefundedCents,
		})
	}
	return out, nil
}
