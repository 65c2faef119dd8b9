package tillapi

import (
	"context"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/till"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// OpenDay records the opening float.
func (h *Handler) OpenDay(ctx context.Context, req *connect.Request[saboresv1.OpenDayRequest]) (*connect.Response[saboresv1.OpenDayResponse], error) {
	day, err := h.till.OpenDay(ctx, auth.Caller(ctx), req.Msg.FloatCents)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.OpenDayResponse{Date: day.Format(time.DateOnly)}), nil
}

// MoveCash records cash in or out of the drawer.
func (h *Handler) MoveCash(ctx context.Context, req *connect.Request[saboresv1.MoveCashRequest]) (*connect.Response[saboresv1.MoveCashResponse], error) {
	if err := h.till.MoveCash(ctx, auth.Caller(ctx), req.Msg.AmountCents, req.Msg.Reason); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.MoveCashResponse{}), nil
}

// CloseDay records the closing count and answers the Z report.
func (h *Handler) CloseDay(ctx context.Context, req *connect.Request[saboresv1.CloseDayRequest]) (*connect.Response[saboresv1.CloseDayResponse], error) {
	z, err := h.till.CloseDay(ctx, auth.Caller(ctx), req.Msg.CountedCents)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CloseDayResponse{Report: reportToProto(z)}), nil
}

// GetZReport returns a day's Z report.
func (h *Handler) GetZReport(ctx context.Context, req *connect.Request[saboresv1.GetZReportRequest]) (*connect.Response[saboresv1.GetZReportResponse], error) {
	day, err := time.Parse(time.DateOnly, req.Msg.Date)
	if err != nil {
		return nil, fault.InvalidField("date", "a day as YYYY-MM-DD")
	}
	z, err := h.till.Report(ctx, day)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetZReportResponse{Report: reportToProto(z)}), nil
}

// reportToProto maps a Z report.
func reportToProto(z till.ZReport) *saboresv1.ZReport {
	out := &saboresv1.ZReport{
		Date: z.Day.Format(time.DateOnly), Sales: z.Sales, Returns: z.Returns,
		FloatCents: z.Float, CashMovedCents: z.CashMoved, ExpectedCashCents: z.ExpectedCash,
		CountedCashCents: z.CountedCash, DifferenceCents: z.Difference, Closed: z.Closed, Opened: z.Opened,
	}
	for _, p := range z.ByPayment {
		out.ByPayment = append(out.ByPayment, &saboresv1.ZPaymentTotal{Method: methodToProto(p.Method), SalesCents: p.Sales, RefundsCents: p.Refunds})
	}
	for _, v := range z.ByVAT {
		out.ByVat = append(out.ByVat, &saboresv1.VatAmount{VatBasisPoints: v.BasisPoints, BaseCents: v.Base, VatCents: v.VAT})
	}
	return out
}
