package till

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// Refusal reasons of a sale.
const (
	ReasonUnitsReserved    = "TILL_UNITS_RESERVED"
	ReasonFullInvoice      = "TILL_FULL_INVOICE_NEEDED"
	ReasonPaymentsMismatch = "TILL_PAYMENTS_SHORT"
)

// Method is how a customer paid at the till.
type Method string

// The till's payment methods.
const (
	Cash  Method = "cash"
	Card  Method = "card"
	Bizum Method = "bizum"
)

// LineInput is one line of a basket: a product and how many units or, for
// a label a shop scale printed, its variable-measure Code (the weight or
// price is read from the code; Quantity is then ignored).
type LineInput struct {
	ProductID int64
	Quantity  int32
	Code      string
	// DiscountBasisPoints is a discount off the line (1000 = 10 %), by the
	// owner's rules only (CheckDiscount).
	DiscountBasisPoints int32
}

// PaymentInput is one payment of a sale; Given is the cash handed over
// (0: exactly Amount).
type PaymentInput struct {
	Method Method
	Amount int64
	Given  int64
}

// SaleInput is a finished basket.
type SaleInput struct {
	Key      uuid.UUID
	Lines    []LineInput
	Payments []PaymentInput
	// Customer asks for a full invoice (F1); needed above invoice.SimplifiedMaxCents.
	Customer *invoice.Buyer
	Language string
	// MayDiscount says the seller is the owner or an admin, who may
	// discount lines within the owner's rules; till staff may not.
	MayDiscount bool
}

// Payment is a recorded payment, with the change given.
type Payment struct {
	Method Method
	Amount int64
	Given  int64
	Change int64
}

// Sale is a recorded sale: its order (channel "store"), invoice, payments
// and the products whose count went negative.
type Sale struct {
	OrderID    int64
	Invoice    db.Invoice
	Lines      []invoice.Line
	Payments   []Payment
	CountAlert []int64
}

// Sell records a sale in one transaction: the order of the store channel
// and its lines, the units taken through the stock ledger, the payments and
// the simplified (F2) or full (F1) invoice in the shop's one VeriFactu
// chain. The same key from the same seller answers the sale already made.
func (s *Service) Sell(ctx context.Context, seller audit.Caller, in SaleInput) (Sale, error) {
	if seller.UserID == 0 {
		return Sale{}, fault.SignInNeeded("sign in at the till first")
	}
	var sale Sale
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if id, err := q.TillSaleByKey(ctx, db.TillSaleByKeyParams{UserID: seller.UserID, IdempotencyKey: in.Key}); err == nil {
			sale, err = s.recorded(ctx, tx, id)
			return err
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("find sale by key: %w", err)
		}
		var err error
		sale, err = s.sell(ctx, tx, seller, in)
		return err
	})
	if err != nil {
		return Sale{}, fmt.Errorf("till: sell: %w", err)
	}
	return sale, nil
}

// sell is Sell's new sale.
func (s *Service) sell(ctx context.Context, tx pgx.Tx, seller audit.Caller, in SaleInput) (Sale, error) {
	q := db.New(tx)
	if err := s.checkOpen(ctx, q); err != nil {
		return Sale{}, err
	}
	ids := []int64{}
	seen := map[int64]bool{}
	for _, l := range in.Lines {
		if !seen[l.ProductID] {
			seen[l.ProductID] = true
			ids = append(ids, l.ProductID)
		}
	}
	products, err := q.TillLockProducts(ctx, ids)
	if err != nil {
		return Sale{}, fmt.Errorf("lock products: %w", err)
	}
	// A lot the rules block today leaves the stock before FEFO takes, even
	// when the midnight job has not blocked it yet: a use-by lot past its
	// date is never sold at the counter.
	if blocked, err := lots.BlockDueOf(ctx, q, ids, s.now()); err != nil {
		return Sale{}, err
	} else if blocked {
		if products, err = q.TillLockProducts(ctx, ids); err != nil {
			return Sale{}, fmt.Errorf("read products again: %w", err)
		}
	}
	byID := map[int64]db.TillLockProductsRow{}
	for _, p := range products {
		byID[p.ID] = p
	}
	rules := DefaultRules
	for _, l := range in.Lines {
		if l.DiscountBasisPoints != 0 {
			if rules, err = readRules(ctx, q); err != nil {
				return Sale{}, err
			}
			break
		}
	}
	want := map[int64]int64{}
	priced := make([]pricedLine, 0, len(in.Lines))
	lines := make([]invoice.Line, 0, len(in.Lines))
	for i, l := range in.Lines {
		p, ok := byID[l.ProductID]
		if !ok {
			return Sale{}, &fault.Error{Kind: fault.NotFound, Reason: ReasonProductUnknown, Field: "lines",
				Message: "no such product", Metadata: map[string]string{"product_id": strconv.FormatInt(l.ProductID, 10)}}
		}
		pl, err := s.price(l, p)
		if err != nil {
			return Sale{}, err
		}
		if err := CheckDiscount(rules, in.MayDiscount, l.DiscountBasisPoints); err != nil {
			return Sale{}, err
		}
		// The discount comes off the line's amount, VAT included, so the
		// invoice's VAT is computed on what the customer pays.
		if pl.discount = DiscountCents(pl.total, l.DiscountBasisPoints); pl.discount > 0 {
			pl.total -= pl.discount
			pl.name = fmt.Sprintf("%s (−%s %%)", pl.name, percent(l.DiscountBasisPoints))
		}
		want[p.ID] += pl.take
		priced = append(priced, pl)
		lines = append(lines, invoice.Line{
			LineNo: int32(i + 1), Description: pl.name, Quantity: pl.quantity, //nolint:gosec // at most 200 lines
			UnitPriceCents: pl.unit, VATBasisPoints: p.VatBasisPoints, TotalCents: pl.total,
		})
	}
	held, err := q.TillReserved(ctx, ids)
	if err != nil {
		return Sale{}, fmt.Errorf("units web orders hold: %w", err)
	}
	reserved := map[int64]int64{}
	for _, h := range held {
		reserved[h.ProductID] = h.Reserved
	}
	for _, p := range products {
		// Placed web orders' units are already out of the count but still on
		// the shelf: a sale that digs below zero while some are held could
		// be selling one of them.
		if p.Stock-want[p.ID] < 0 && reserved[p.ID] > 0 {
			return Sale{}, &fault.Error{Kind: fault.Refused, Reason: ReasonUnitsReserved,
				Message:  fmt.Sprintf("%s: the units left are reserved for web orders", p.Name),
				Metadata: map[string]string{"product_id": strconv.FormatInt(p.ID, 10), "reserved": strconv.FormatInt(reserved[p.ID], 10)}}
		}
	}
	_, base, vat, total := invoice.Totals(lines)
	payments, err := pay(total, in.Payments)
	if err != nil {
		return Sale{}, err
	}
	if total > invoice.SimplifiedMaxCents && in.Customer == nil {
		return Sale{}, &fault.Error{Kind: fault.Refused, Reason: ReasonFullInvoice,
			Message:  "above 3 000 € a sale needs a full invoice: ask for the customer's NIF and address",
			Metadata: map[string]string{"max_cents": strconv.Itoa(invoice.SimplifiedMaxCents)}}
	}
	settings, _, err := shopsettings.Read(ctx, q)
	if err != nil {
		return Sale{}, err
	}
	method := "card"
	if payments[0].Method == Cash && len(payments) == 1 {
		method = "cash"
	}
	language := in.Language
	if language != "pt" {
		language = "es"
	}
	orderID, err := q.TillSaleInsert(ctx, db.TillSaleInsertParams{
		UserID: seller.UserID, IdempotencyKey: in.Key, PaymentMethod: method,
		SubtotalCents: base, VatCents: vat, TotalCents: total,
		ShopName: settings.LegalName, SellerEmail: seller.Name, ShopAddress: settings.Address.Street,
		ShopCity: settings.Address.City, ShopPostalCode: settings.Address.PostalCode, Language: language,
	})
	if err != nil {
		return Sale{}, fmt.Errorf("record sale: %w", err)
	}
	rows := db.TillSaleLinesInsertParams{OrderID: orderID}
	for i, l := range lines {
		var grams int32
		if priced[i].grams != nil {
			grams = *priced[i].grams
		}
		rows.LineNos = append(rows.LineNos, l.LineNo)
		rows.ProductIds = append(rows.ProductIds, in.Lines[i].ProductID)
		rows.ProductNames = append(rows.ProductNames, l.Description)
		rows.Quantities = append(rows.Quantities, l.Quantity)
		rows.UnitPricesCents = append(rows.UnitPricesCents, l.UnitPriceCents)
		rows.VatBasisPoints = append(rows.VatBasisPoints, l.VATBasisPoints)
		rows.LineTotalsCents = append(rows.LineTotalsCents, l.TotalCents)
		rows.WeightsGrams = append(rows.WeightsGrams, grams)
	}
	if err := q.TillSaleLinesInsert(ctx, rows); err != nil {
		return Sale{}, fmt.Errorf("record lines: %w", err)
	}
	for i, pl := range priced {
		if pl.discount == 0 {
			continue
		}
		if err := audit.Record(ctx, q, seller, "till.line_discount", "order:"+strconv.FormatInt(orderID, 10), nil,
			map[string]int64{"line_no": int64(i + 1), "product_id": in.Lines[i].ProductID,
				"basis_points": int64(in.Lines[i].DiscountBasisPoints), "discount_cents": pl.discount}); err != nil {
			return Sale{}, err
		}
	}
	if err := q.TillStockMovementOf(ctx, db.TillStockMovementOfParams{OrderID: orderID, ActorUserID: seller.UserID}); err != nil {
		return Sale{}, fmt.Errorf("ledger settings: %w", err)
	}
	sale := Sale{OrderID: orderID, Lines: lines, Payments: payments}
	take := db.TillTakeStocksParams{ProductIds: ids}
	for _, id := range ids {
		take.Quantities = append(take.Quantities, int32(want[id])) //nolint:gosec // 200 lines of 99 999 g
	}
	left, err := q.TillTakeStocks(ctx, take)
	if err != nil {
		return Sale{}, fmt.Errorf("take stock: %w", err)
	}
	slices.SortFunc(left, func(a, b db.TillTakeStocksRow) int { return cmp.Compare(a.ID, b.ID) })
	for _, l := range left {
		if l.Stock < 0 {
			sale.CountAlert = append(sale.CountAlert, l.ID)
			if err := audit.Record(ctx, q, seller, "till.count_needed", "product:"+strconv.FormatInt(l.ID, 10),
				nil, map[string]int64{"stock": l.Stock, "order_id": orderID}); err != nil {
				return Sale{}, err
			}
		}
	}
	// The lots the stock came from (first-expired-first-out), line by
	// line: a till sale is prepared as it is sold.
	if err := lots.RecordOrderLines(ctx, q, orderID); err != nil {
		return Sale{}, err
	}
	paid := db.TillPaymentsInsertParams{OrderID: orderID}
	for _, p := range payments {
		paid.Methods = append(paid.Methods, string(p.Method))
		paid.AmountsCents = append(paid.AmountsCents, p.Amount)
		paid.GivenCents = append(paid.GivenCents, p.Given)
		paid.ChangeCents = append(paid.ChangeCents, p.Change)
	}
	if err := q.TillPaymentsInsert(ctx, paid); err != nil {
		return Sale{}, fmt.Errorf("record payments: %w", err)
	}
	if in.Customer != nil {
		sale.Invoice, err = s.invoices.IssueComplete(ctx, tx, orderID, *in.Customer)
	} else {
		sale.Invoice, err = s.invoices.IssueForSale(ctx, tx, orderID, lines)
	}
	if err != nil {
		return Sale{}, err
	}
	return sale, nil
}

// recorded is the sale already made with a key.
func (s *Service) recorded(ctx context.Context, tx pgx.Tx, orderID int64) (Sale, error) {
	q := db.New(tx)
	invoices, err := q.InvoicesOfOrder(ctx, orderID)
	if err != nil {
		return Sale{}, fmt.Errorf("invoices of sale %d: %w", orderID, err)
	}
	if len(invoices) == 0 {
		return Sale{}, fmt.Errorf("sale %d has no invoice", orderID)
	}
	rows, err := q.TillPayments(ctx, orderID)
	if err != nil {
		return Sale{}, fmt.Errorf("payments of sale %d: %w", orderID, err)
	}
	sale := Sale{OrderID: orderID, Invoice: invoices[0]}
	lines, err := q.InvoiceLines(ctx, sale.Invoice.ID)
	if err != nil {
		return Sale{}, fmt.Errorf("lines of sale %d: %w", orderID, err)
	}
	for _, l := range lines {
		sale.Lines = append(sale.Lines, invoice.Line{
			LineNo: l.LineNo, Description: l.Description, Quantity: l.Quantity,
			UnitPriceCents: l.UnitPriceCents, VATBasisPoints: l.VatBasisPoints, TotalCents: l.TotalCents,
		})
	}
	for _, r := range rows {
		sale.Payments = append(sale.Payments, Payment{Method: Method(r.Method), Amount: r.AmountCents, Given: r.GivenCents, Change: r.ChangeCents})
	}
	return sale, nil
}

// pay checks the payments cover total exactly, cash under the legal limit
// (Ley 7/2012 art. 7: the cash part of one operation stays under 1 000 €),
// and works out the change.
func pay(total int64, in []PaymentInput) ([]Payment, error) {
	if len(in) == 0 {
		return nil, fault.InvalidField("payments", "a sale is paid")
	}
	var sum, cash int64
	out := make([]Payment, 0, len(in))
	for _, p := range in {
		if p.Amount <= 0 {
			return nil, fault.InvalidField("payments", "each payment covers some of the sale")
		}
		sum += p.Amount
		got := Payment{Method: p.Method, Amount: p.Amount}
		switch p.Method {
		case Cash:
			cash += p.Amount
			got.Given = max(p.Given, p.Amount)
			got.Change = got.Given - p.Amount
		case Card, Bizum:
		default:
			return nil, fault.InvalidField("payments", "cash, card or Bizum")
		}
		out = append(out, got)
	}
	if sum != total {
		return nil, &fault.Error{Kind: fault.Refused, Reason: ReasonPaymentsMismatch,
			Message:  "the payments do not add up to the sale's total",
			Metadata: map[string]string{"total_cents": strconv.FormatInt(total, 10), "paid_cents": strconv.FormatInt(sum, 10)}}
	}
	if cash > 0 {
		if err := order.CheckCash(cash); err != nil {
			return nil, err
		}
	}
	return out, nil
}
