package withdrawalapi

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/productcontent"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// optionsToProto maps what the withdrawal function shows of an order.
func optionsToProto(v withdrawal.View, lang saboresv1.Language) *saboresv1.WithdrawalOptions {
	// The contract's deadline is the period's last second, so a client
	// showing its date shows the 14th day, not the midnight after it.
	var lastSecond time.Time
	if !v.Window.Deadline.IsZero() {
		lastSecond = v.Window.Deadline.Add(-time.Second)
	}
	out := &saboresv1.WithdrawalOptions{
		OrderId: v.Order.ID, Open: v.Window.Open, Deadline: apimap.Stamp(&lastSecond),
		CancelsOrder: v.Window.CancelsOrder, OrderTime: timestamppb.New(v.Order.CreatedAt),
		DeliveryTime: apimap.Stamp(&v.DeliveredAt), ClosedReason: v.Window.ClosedReason,
	}
	bought := v.Bought()
	for i, l := range v.Lines {
		line := &saboresv1.WithdrawableLine{
			LineNo: l.LineNo, ProductId: l.ProductID, Name: productcontent.Text(lang, l.ProductName, l.ProductNamePt),
			Quantity: l.Quantity, Withdrawn: l.Withdrawn, Available: bought[i].Available(),
			UnitPriceCents: l.UnitPriceCents, SealedHygiene: l.SealedHygiene,
		}
		if bought[i].Exemption() == withdrawal.ExemptPerishable {
			line.Exemption = saboresv1.WithdrawalExemption_WITHDRAWAL_EXEMPTION_PERISHABLE
		}
		if !v.Window.Open {
			line.Available = 0
		}
		out.Lines = append(out.Lines, line)
	}
	for _, w := range v.Withdrawals {
		out.Withdrawals = append(out.Withdrawals, apimap.WithdrawalToProto(w, v.WithdrawalLines, lang))
	}
	return out
}

// withdrawalToProto maps w with its lines.
func withdrawalToProto(w withdrawal.Withdrawal, lang saboresv1.Language) *saboresv1.Withdrawal {
	return apimap.WithdrawalToProto(w.Withdrawal, w.Lines, lang)
}

func asks(in []*saboresv1.WithdrawalLineInput) []withdrawal.Ask {
	out := make([]withdrawal.Ask, len(in))
	for i, l := range in {
		out[i] = withdrawal.Ask{LineNo: l.GetLineNo(), Quantity: l.GetQuantity()}
	}
	return out
}
