package tillapi

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/till"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// methods are the contract's payment methods.
var methods = map[saboresv1.TillPaymentMethod]till.Method{
	saboresv1.TillPaymentMethod_TILL_PAYMENT_METHOD_CASH:  till.Cash,
	saboresv1.TillPaymentMethod_TILL_PAYMENT_METHOD_CARD:  till.Card,
	saboresv1.TillPaymentMethod_TILL_PAYMENT_METHOD_BIZUM: till.Bizum,
}

// methodToProto is a method on the wire.
func methodToProto(m till.Method) saboresv1.TillPaymentMethod {
	for k, v := range methods {
		if v == m {
			return k
		}
	}
	return saboresv1.TillPaymentMethod_TILL_PAYMENT_METHOD_UNSPECIFIED
}

// key reads an idempotency key the contract checked is a UUID.
func key(s string) (uuid.UUID, error) {
	k, err := uuid.Parse(s)
	if err != nil {
		return uuid.UUID{}, fault.InvalidField("idempotency_key", "a UUID")
	}
	return k, nil
}

// Sell records a sale with its invoice.
func (h *Handler) Sell(ctx context.Context, req *connect.Request[saboresv1.SellRequest]) (*connect.Response[saboresv1.SellResponse], error) {
	k, err := key(req.Msg.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	in := till.SaleInput{Key: k, Language: apimap.InvoiceLanguage(req.Msg.Language), MayDiscount: auth.FromContext(ctx).Role == auth.RoleAdmin}
	for _, l := range req.Msg.Lines {
		// A weighed line's grams are read from its scale's code on the
		// server; a weight with no code would be the screen's word alone.
		if l.WeightGrams > 0 && l.ScannedCode == "" {
			return nil, fault.InvalidField("lines", "a weighed line is sold by its scale's label")
		}
		in.Lines = append(in.Lines, till.LineInput{
			ProductID: l.ProductId, Quantity: l.Quantity, Code: l.ScannedCode, DiscountBasisPoints: l.DiscountBasisPoints,
		})
	}
	for _, p := range req.Msg.Payments {
		in.Payments = append(in.Payments, till.PaymentInput{Method: methods[p.Method], Amount: p.AmountCents, Given: p.GivenCents})
	}
	if c := req.Msg.Customer; c != nil {
		in.Customer = &invoice.Buyer{TaxID: c.TaxId, Name: c.Name, Address: c.Address}
	}
	sale, err := h.till.Sell(ctx, auth.Caller(ctx), in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SellResponse{
		Sale:            saleToProto(sale, auth.FromContext(ctx).Email),
		CountProductIds: sale.CountAlert,
	}), nil
}

// saleToProto maps a recorded sale made by seller.
func saleToProto(s till.Sale, seller string) *saboresv1.TillSale {
	out := &saboresv1.TillSale{
		Id: s.OrderID, CreatedAt: timestamppb.New(s.Invoice.IssuedAt), TicketNumber: s.Invoice.SeriesNumber,
		Invoice: apimap.Invoice(s.Invoice), TotalCents: s.Invoice.TotalCents, Seller: seller,
	}
	taxes, _, _, _ := invoice.Totals(s.Lines)
	for _, t := range taxes {
		out.VatAmounts = append(out.VatAmounts, &saboresv1.VatAmount{VatBasisPoints: t.VATBasisPoints, BaseCents: t.BaseCents, VatCents: t.VATCents})
	}
	for _, l := range s.Lines {
		out.Lines = append(out.Lines, &saboresv1.TillLine{
			Id: int64(l.LineNo), Name: l.Description, Quantity: l.Quantity,
			UnitPriceCents: l.UnitPriceCents, TotalCents: l.TotalCents, VatBasisPoints: l.VATBasisPoints,
		})
	}
	for _, p := range s.Payments {
		out.Payments = append(out.Payments, &saboresv1.TillPayment{
			Method: methodToProto(p.Method), AmountCents: p.Amount, GivenCents: p.Given, ChangeCents: p.Change,
		})
	}
	return out
}

// ReturnSale takes items of a sale back with a corrective invoice.
func (h *Handler) ReturnSale(ctx context.Context, req *connect.Request[saboresv1.ReturnSaleRequest]) (*connect.Response[saboresv1.ReturnSaleResponse], error) {
	k, err := key(req.Msg.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	in := till.ReturnInput{Key: k, SaleID: req.Msg.SaleId, Refund: methods[req.Msg.RefundMethod]}
	for _, l := range req.Msg.Lines {
		if l.WeightGrams > 0 || l.LineId > 1<<31-1 {
			return nil, fault.InvalidField("lines", fmt.Sprintf("line %d: units of a sold line", l.LineId))
		}
		in.Lines = append(in.Lines, invoice.Correction{LineNo: int32(l.LineId), Quantity: l.Quantity})
	}
	r, err := h.till.ReturnSale(ctx, auth.Caller(ctx), in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ReturnSaleResponse{Return: &saboresv1.TillReturn{
		Id: r.ID, SaleId: req.Msg.SaleId, CreatedAt: timestamppb.New(r.Invoice.IssuedAt), Invoice: apimap.Invoice(r.Invoice),
		Refund: &saboresv1.TillPayment{Method: methodToProto(r.Refund), AmountCents: r.Amount},
	}}), nil
}

// GetTicketPdf returns a sale's or return's 80 mm ticket.
func (h *Handler) GetTicketPdf(ctx context.Context, req *connect.Request[saboresv1.GetTicketPdfRequest]) (*connect.Response[saboresv1.GetTicketPdfResponse], error) {
	lang := apimap.InvoiceLanguage(req.Msg.Language)
	var t till.Ticket
	var err error
	if id := req.Msg.GetReturnId(); id != 0 {
		t, err = h.till.ReturnTicket(ctx, id, lang)
	} else {
		t, err = h.till.SaleTicket(ctx, req.Msg.GetSaleId(), lang)
	}
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetTicketPdfResponse{Pdf: t.PDF, FileName: t.FileName}), nil
}

// GetSale returns a sale by id or ticket number, with what was returned.
func (h *Handler) GetSale(ctx context.Context, req *connect.Request[saboresv1.GetSaleRequest]) (*connect.Response[saboresv1.GetSaleResponse], error) {
	found, err := h.till.GetSale(ctx, req.Msg.GetId(), req.Msg.GetTicketNumber())
	if err != nil {
		return nil, err
	}
	sale := saleToProto(found.Sale, "")
	for _, l := range sale.Lines {
		l.ReturnedQuantity = found.Returned[int32(l.Id)] //nolint:gosec // a line number
	}
	return connect.NewResponse(&saboresv1.GetSaleResponse{Sale: sale}), nil
}

// EmailTicket queues a sale's ticket to the customer's address.
func (h *Handler) EmailTicket(ctx context.Context, req *connect.Request[saboresv1.EmailTicketRequest]) (*connect.Response[saboresv1.EmailTicketResponse], error) {
	if err := h.till.EmailTicket(ctx, auth.Caller(ctx), req.Msg.SaleId, req.Msg.Email, apimap.InvoiceLanguage(req.Msg.Language)); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.EmailTicketResponse{}), nil
}
