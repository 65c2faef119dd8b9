package accountapi

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// exportToProto maps what the shop keeps about a user to the export; the
// addresses are the distinct deliveries of the orders, newest first.
func exportToProto(e account.Export) *saboresv1.ExportMyDataResponse {
	now, user, customers, consents := e.Time, e.User, e.Customers, e.Consents
	orders := apimap.Orders(e.Orders)
	res := &saboresv1.ExportMyDataResponse{
		ExportTime: timestamppb.New(now),
		Profile: &saboresv1.DataProfile{
			Id:         user.ID,
			Email:      user.Email,
			Name:       user.FullName,
			CreateTime: timestamppb.New(user.CreatedAt),
		},
		Orders:         orders,
		Addresses:      []*saboresv1.Delivery{},
		CookieConsents: make([]*saboresv1.CookieConsent, len(consents)),
		Refunds:        exportRefunds(e.CardRefunds, e.BankRefunds),
		Withdrawals:    exportWithdrawals(e.Withdrawals, e.WithdrawalLines),
	}
	if user.LastLoginAt != nil {
		res.Profile.LastSignInTime = timestamppb.New(*user.LastLoginAt)
	}
	if len(customers) > 0 {
		c := customers[0]
		res.Customer = &saboresv1.DataCustomer{
			Name: c.Name, Surname: c.Surname, CompanyName: c.CompanyName, Dni: c.Dni, CompanyNif: c.CompanyNif,
			CustomerType: c.CustomerType, Email: c.Email, Phone: c.Phone,
			CreateTime: timestamppb.New(c.CreatedAt), UpdateTime: timestamppb.New(c.UpdatedAt),
		}
	}
	type address struct{ name, email, phone, street, city, postal string }
	seen := map[address]bool{}
	for _, o := range orders {
		d := o.GetDelivery()
		key := address{d.GetName(), d.GetEmail(), d.GetPhone(), d.GetAddress(), d.GetCity(), d.GetPostalCode()}
		if d == nil || seen[key] {
			continue
		}
		seen[key] = true
		res.Addresses = append(res.Addresses, d)
	}
	for i, c := range consents {
		res.CookieConsents[i] = consentToProto(c)
	}
	return res
}

func consentToProto(c db.CookieConsent) *saboresv1.CookieConsent {
	return &saboresv1.CookieConsent{
		Analytics:       c.Analytics,
		Marketing:       c.Marketing,
		Personalization: c.Personalization,
		PolicyVersion:   c.PolicyVersion,
		ConsentTime:     timestamppb.New(c.ConsentedAt),
		RecordTime:      timestamppb.New(c.RecordedAt),
	}
}

// exportRefunds maps the refunds of a shopper's orders, card and Bizum ones
// first, each naming its order.
func exportRefunds(cards []db.DataRightsPaymentRefundsRow, banks []db.DataRightsBankRefundsRow) []*saboresv1.OrderRefund {
	out := make([]*saboresv1.OrderRefund, 0, len(cards)+len(banks))
	for _, r := range cards {
		p := apimap.CardRefundToProto(r.PaymentRefund)
		p.OrderId = r.OrderID
		out = append(out, p)
	}
	for _, r := range banks {
		p := apimap.BankRefundToProto(r.ID, r.AmountCents, r.BankReference, r.RefundedOn, r.CreatedAt)
		p.OrderId = r.OrderID
		out = append(out, p)
	}
	return out
}

// exportWithdrawals maps the withdrawals from a shopper's orders, their
// lines named in Spanish as the rest of the export's orders are.
func exportWithdrawals(ws []db.Withdrawal, lines []db.WithdrawalLinesOfRow) []*saboresv1.Withdrawal {
	if len(ws) == 0 {
		return nil
	}
	out := make([]*saboresv1.Withdrawal, len(ws))
	for i, w := range ws {
		out[i] = apimap.WithdrawalToProto(w, lines, saboresv1.Language_LANGUAGE_ES)
	}
	return out
}
