package adminparcelapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/carrier"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// RecordRemittance records a carrier's cash-on-delivery remittance
// (carrier.Service.Reconcile).
func (h *Handler) RecordRemittance(ctx context.Context, req *connect.Request[saboresv1.RecordRemittanceRequest]) (*connect.Response[saboresv1.RecordRemittanceResponse], error) {
	lines, err := carrier.ParseRemittanceCSV(req.Msg.GetCsv())
	if err != nil {
		return nil, err
	}
	rem, err := h.parcels.Reconcile(ctx, carrier.RemittanceInput{
		Reference: req.Msg.GetReference(), Carrier: req.Msg.GetCarrier(), Day: req.Msg.GetRemittedOn(),
		Lines: lines, By: auth.Caller(ctx),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RecordRemittanceResponse{Remittance: remittanceToProto(rem), Repeated: rem.Repeated}), nil
}

// ListRemittances lists the newest remittances.
func (h *Handler) ListRemittances(ctx context.Context, req *connect.Request[saboresv1.ListRemittancesRequest]) (*connect.Response[saboresv1.ListRemittancesResponse], error) {
	rows, err := h.parcels.RecentRemittances(ctx, req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListRemittancesResponse{Remittances: make([]*saboresv1.Remittance, len(rows))}
	for i, r := range rows {
		res.Remittances[i] = &saboresv1.Remittance{
			Id: r.ID, Reference: r.Reference, Carrier: r.Carrier, RemittedOn: r.RemittedOn.Time.Format(time.DateOnly),
			TotalCents: r.TotalCents, PaidLines: r.PaidLines, DifferenceLines: r.DifferenceLines, CreateTime: timestamppb.New(r.CreatedAt),
		}
	}
	return connect.NewResponse(res), nil
}

// GetRemittance returns one remittance with its lines.
func (h *Handler) GetRemittance(ctx context.Context, req *connect.Request[saboresv1.GetRemittanceRequest]) (*connect.Response[saboresv1.GetRemittanceResponse], error) {
	rem, err := h.parcels.GetRemittance(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetRemittanceResponse{Remittance: remittanceToProto(rem)}), nil
}

func remittanceToProto(r carrier.Remittance) *saboresv1.Remittance {
	out := &saboresv1.Remittance{
		Id: r.ID, Reference: r.Reference, Carrier: r.Carrier, RemittedOn: r.RemittedOn.Time.Format(time.DateOnly),
		TotalCents: r.TotalCents, CreateTime: timestamppb.New(r.CreatedAt), Lines: make([]*saboresv1.RemittanceLine, len(r.Lines)),
	}
	for i, m := range r.Lines {
		if m.Verdict == carrier.VerdictPaid {
			out.PaidLines++
		} else {
			out.DifferenceLines++
		}
		out.Lines[i] = &saboresv1.RemittanceLine{
			Reference: m.Line.Reference, AmountCents: m.Line.AmountCents, OrderId: m.OrderID,
			ExpectedCents: m.ExpectedCents, Verdict: verdictToProto(m.Verdict),
		}
	}
	return out
}

// verdicts are the verdicts' enum values.
var verdicts = map[carrier.Verdict]saboresv1.RemittanceVerdict{
	carrier.VerdictPaid:           saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_PAID,
	carrier.VerdictAmountMismatch: saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_AMOUNT_MISMATCH,
	carrier.VerdictUnknown:        saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_UNKNOWN,
	carrier.VerdictAlreadyPaid:    saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_ALREADY_PAID,
	carrier.VerdictNotCash:        saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_NOT_CASH,
	carrier.VerdictNotDelivered:   saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_NOT_DELIVERED,
	carrier.VerdictRepeated:       saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_REPEATED,
}

func verdictToProto(v carrier.Verdict) saboresv1.RemittanceVerdict { return verdicts[v] }
