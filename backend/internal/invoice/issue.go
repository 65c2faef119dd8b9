package invoice

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shoptime"
	"github.com/sabores/sabores/backend/internal/taxid"
)

// Kind is an invoice series' kind; each has its own correlative series
// per year.
type Kind string

// The kinds of invoice.
const (
	Simplified Kind = "simplified" // factura simplificada, the default for a paid order
	Complete   Kind = "complete"   // the buyer asked, with their tax id, name and address
	Corrective Kind = "corrective" // factura rectificativa, for cancellations and refunds
)

// prefix starts each kind's invoice numbers: FS2026-000001.
var prefix = map[Kind]string{Simplified: "FS", Complete: "FC", Corrective: "FR"}

// SeriesNumber is the invoice number as printed and sent to the AEAT.
func SeriesNumber(k Kind, year, number int32) string {
	return fmt.Sprintf("%s%06d", seriesPrefix(k, year), number)
}

// seriesPrefix is what the invoice numbers of a series start with (FS2026-);
// IssueInvoice pads the number after it as SeriesNumber does.
func seriesPrefix(k Kind, year int32) string {
	return fmt.Sprintf("%s%d-", prefix[k], year)
}

// Issuer is the shop's legal identity printed on, and kept with, each
// invoice.
type Issuer struct {
	Name    string // legal name (razón social)
	NIF     string
	Address string
	// ProducerRegister is the shop's Registro de Productores de Producto
	// number (RD 1055/2022), printed when set; a shop may have none.
	ProducerRegister string
}

// IssuerSource gives the shop's identity at the moment of issuing, read
// through the issuing transaction when it lives in the database.
type IssuerSource interface {
	Issuer(ctx context.Context, q db.DBTX) (Issuer, error)
}

// StaticIssuer is an identity fixed at start-up (configuration, tests).
type StaticIssuer Issuer

// Issuer returns the identity, or ErrIssuerMissing while any required part
// is empty: no invoice is issued without the shop's name, NIF and address.
func (s StaticIssuer) Issuer(context.Context, db.DBTX) (Issuer, error) {
	if s.Name == "" || s.NIF == "" || s.Address == "" {
		return Issuer{}, ErrIssuerMissing
	}
	return Issuer(s), nil
}

// Buyer is who a complete invoice is made out to.
type Buyer struct {
	TaxID   string
	Name    string
	Address string
}

// Refusal is a business rule that stops an invoice; Reason is the
// ErrorInfo reason the service answers with.
type Refusal struct {
	Reason  string
	Message string
}

func (r *Refusal) Error() string { return r.Message }

// The refusals.
var (
	ErrIssuerMissing  = &Refusal{"INVOICE_ISSUER_MISSING", "the shop's legal name, NIF and address are not configured, or are still the sample's"}
	ErrNotPaid        = &Refusal{"ORDER_NOT_PAID", "the order is not paid"}
	ErrNotInvoiced    = &Refusal{"INVOICE_NOT_ISSUED", "the order has no invoice to correct or replace"}
	ErrOverCorrected  = &Refusal{"CORRECTION_EXCEEDS_INVOICE", "the correction exceeds what is invoiced and not yet corrected"}
	ErrCompleteIssued = &Refusal{"COMPLETE_INVOICE_EXISTS", "the order already has a complete invoice"}
	ErrCorrected      = &Refusal{"ORDER_CORRECTED", "the order has a corrective invoice; a complete invoice would not show the corrected amounts"}
)

// Invoicer issues invoices. The order lifecycle calls it inside its own
// transactions, so an invoice exists exactly when the payment or refund it
// documents is committed.
type Invoicer struct {
	Issuer IssuerSource
	Now    func() time.Time // nil: time.Now
	// Submissions queues the VeriFactu submission job with each record;
	// nil queues none (the job's periodic pass still finds the record).
	Submissions SubmissionQueue
}

func (iv Invoicer) now() time.Time {
	if iv.Now != nil {
		return iv.Now()
	}
	return time.Now()
}

// IssueForPaidOrder issues the simplified invoice of a paid order, once:
// called again, it returns the invoice already issued.
func (iv Invoicer) IssueForPaidOrder(ctx context.Context, tx pgx.Tx, orderID int64) (db.Invoice, error) {
	q := db.New(tx)
	order, err := orderToInvoice(ctx, q, orderID)
	if err != nil {
		return db.Invoice{}, err
	}
	if existing, ok, err := invoiceOfKind(ctx, q, orderID, Simplified); err != nil || ok {
		return existing, err
	}
	lines, err := orderLines(ctx, q, order)
	if err != nil {
		return db.Invoice{}, err
	}
	return iv.issue(ctx, tx, draft{kind: Simplified, aeatType: "F2", orderID: orderID, lines: lines})
}

// IssueForSale issues the simplified invoice of an order the caller has
// just written in tx, from the lines it wrote (the order's lines as sold:
// no discount code, shipping or surcharge): a till sale, which need not
// read back, row by row, what it has just inserted.
func (iv Invoicer) IssueForSale(ctx context.Context, tx pgx.Tx, orderID int64, lines []Line) (db.Invoice, error) {
	return iv.issue(ctx, tx, draft{kind: Simplified, aeatType: "F2", orderID: orderID, lines: lines})
}

// IssueComplete issues the complete invoice a buyer asked for. When the
// order already has its simplified invoice, the complete one replaces it
// (TipoFactura F3); an order has at most one complete invoice, and none
// once a corrective invoice changed its amounts.
func (iv Invoicer) IssueComplete(ctx context.Context, tx pgx.Tx, orderID int64, buyer Buyer) (db.Invoice, error) {
	q := db.New(tx)
	buyer.TaxID = taxid.Normalize(buyer.TaxID)
	if taxid.Classify(buyer.TaxID) == taxid.Invalid {
		return db.Invoice{}, fault.InvalidField("tax_id", "not a valid NIF, NIE or CIF")
	}
	order, err := orderToInvoice(ctx, q, orderID)
	if err != nil {
		return db.Invoice{}, err
	}
	if _, ok, err := invoiceOfKind(ctx, q, orderID, Complete); err != nil {
		return db.Invoice{}, err
	} else if ok {
		return db.Invoice{}, ErrCompleteIssued
	}
	if _, ok, err := invoiceOfKind(ctx, q, orderID, Corrective); err != nil {
		return db.Invoice{}, err
	} else if ok {
		return db.Invoice{}, ErrCorrected
	}
	lines, err := orderLines(ctx, q, order)
	if err != nil {
		return db.Invoice{}, err
	}
	d := draft{kind: Complete, aeatType: "F1", orderID: orderID, lines: lines, buyer: buyer}
	if simplified, ok, err := invoiceOfKind(ctx, q, orderID, Simplified); err != nil {
		return db.Invoice{}, err
	} else if ok {
		d.aeatType, d.refersTo = "F3", &simplified.ID
	}
	return iv.issue(ctx, tx, d)
}

// Correction takes back quantity units of one of the order's lines.
type Correction struct {
	LineNo   int32
	Quantity int32
}

// IssueCorrective issues a corrective invoice for a cancelled or (partly)
// refunded order: the lines given, or with none everything not yet
// corrected, with negative amounts. It corrects the order's complete
// invoice if it has one (R1), else its simplified one (R5).
func (iv Invoicer) IssueCorrective(ctx context.Context, tx pgx.Tx, orderID int64, reason string, corrections ...Correction) (db.Invoice, error) {
	q := db.New(tx)
	if _, err := q.OrderForInvoice(ctx, orderID); err != nil {
		return db.Invoice{}, notFound(orderID, err)
	}
	invoices, err := q.InvoicesOfOrder(ctx, orderID)
	if err != nil {
		return db.Invoice{}, fmt.Errorf("invoice: invoices of order %d: %w", orderID, err)
	}
	var corrected *db.Invoice
	open := map[int32]Line{}  // per line, what is invoiced and not yet corrected
	sold := map[int32]int32{} // per line, the quantity the corrected invoice has
	for i, inv := range invoices {
		if Kind(inv.Kind) == Corrective || (corrected != nil && Kind(corrected.Kind) == Complete) {
			continue
		}
		corrected = &invoices[i]
	}
	if corrected == nil {
		return db.Invoice{}, ErrNotInvoiced
	}
	for _, inv := range invoices {
		if inv.ID != corrected.ID && Kind(inv.Kind) != Corrective {
			continue
		}
		rows, err := q.InvoiceLines(ctx, inv.ID)
		if err != nil {
			return db.Invoice{}, fmt.Errorf("invoice: lines of %s: %w", inv.SeriesNumber, err)
		}
		for _, r := range rows {
			l := open[r.LineNo]
			l.LineNo, l.Description, l.UnitPriceCents, l.VATBasisPoints = r.LineNo, r.Description, r.UnitPriceCents, r.VatBasisPoints
			l.Quantity += r.Quantity
			l.TotalCents += r.TotalCents
			open[r.LineNo] = l
			if inv.ID == corrected.ID {
				sold[r.LineNo] = r.Quantity
			}
		}
	}
	// A discount line is given back by amount (a partial refund gives back
	// its share): it stays open, as one unit, until its whole amount is back.
	discountAt := map[int32]int32{} // VAT rate → its discount line
	for no, l := range open {
		if strings.HasPrefix(l.Description, DiscountDescription) {
			l.Quantity = 0
			if l.TotalCents < 0 {
				l.Quantity = 1
			}
			open[no] = l
			discountAt[l.VATBasisPoints] = no
		}
	}
	var shares map[int32]int64 // line → its share of the order's discount
	if len(corrections) > 0 && len(discountAt) > 0 {
		if shares, err = lineDiscounts(ctx, q, orderID); err != nil {
			return db.Invoice{}, err
		}
	}
	if len(corrections) == 0 {
		for no, l := range open {
			if l.Quantity > 0 {
				corrections = append(corrections, Correction{LineNo: no, Quantity: l.Quantity})
			}
		}
	}
	var lines []Line
	back := map[int32]int64{} // per VAT rate, the discount going back with the lines
	for _, c := range corrections {
		l, ok := open[c.LineNo]
		if !ok || c.Quantity < 1 || c.Quantity > l.Quantity {
			return db.Invoice{}, ErrOverCorrected
		}
		take, unit := l.TotalCents, l.UnitPriceCents
		if strings.HasPrefix(l.Description, DiscountDescription) {
			unit = take
		} else if c.Quantity < l.Quantity {
			take = l.UnitPriceCents * int64(c.Quantity)
		}
		lines = append(lines, Line{
			LineNo: l.LineNo, Description: l.Description, Quantity: -c.Quantity,
			UnitPriceCents: unit, VATBasisPoints: l.VATBasisPoints, TotalCents: -take,
		})
		if share := shares[c.LineNo]; share > 0 {
			back[l.VATBasisPoints] += pricing.Returned(share, sold[c.LineNo], sold[c.LineNo]-l.Quantity, c.Quantity)
		}
	}
	lines = append(lines, discountBack(open, discountAt, back)...)
	if len(lines) == 0 {
		return db.Invoice{}, ErrOverCorrected
	}
	aeatType := "R5"
	if Kind(corrected.Kind) == Complete {
		aeatType = "R1"
	}
	return iv.issue(ctx, tx, draft{
		kind: Corrective, aeatType: aeatType, orderID: orderID, refersTo: &corrected.ID, reason: reason, lines: lines,
		buyer: Buyer{TaxID: corrected.BuyerNif, Name: corrected.BuyerName, Address: corrected.BuyerAddress},
	})
}

// lineDiscounts are the shares of order orderID's discount its lines
// carry (discount.LineShares, written when it was placed), by line.
func lineDiscounts(ctx context.Context, q *db.Queries, orderID int64) (map[int32]int64, error) {
	rows, err := q.OrderLineDiscounts(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("invoice: lines' discount of order %d: %w", orderID, err)
	}
	out := make(map[int32]int64, len(rows))
	for _, r := range rows {
		out[r.LineNo] = r.AmountCents
	}
	return out, nil
}

// discountBack are the lines giving back, per VAT rate, the share of the
// discount that goes with the goods corrected (back): each on its rate's
// discount line, quantity −1, a positive total, never more than that line
// still takes off. The goods' lines with them are then given back at
// what was paid for them, net of the discount, as the refund is.
func discountBack(open map[int32]Line, discountAt map[int32]int32, back map[int32]int64) []Line {
	rates := make([]int32, 0, len(back))
	for rate := range back {
		rates = append(rates, rate)
	}
	slices.Sort(rates)
	var out []Line
	for _, rate := range rates {
		no, ok := discountAt[rate]
		if !ok {
			continue
		}
		l := open[no]
		cents := min(back[rate], -l.TotalCents)
		if cents <= 0 {
			continue
		}
		out = append(out, Line{
			LineNo: no, Description: l.Description, Quantity: -1,
			UnitPriceCents: -cents, VATBasisPoints: rate, TotalCents: cents,
		})
	}
	return out
}

// draft is an invoice before it has a number.
type draft struct {
	kind     Kind
	aeatType string
	orderID  int64
	refersTo *int64
	reason   string
	lines    []Line
	buyer    Buyer
}

// issue numbers and writes an invoice with its lines, taxes and VeriFactu
// record. Locks are taken in one order (series counter, then chain head,
// in IssueInvoice), so concurrent issuers queue and never deadlock.
func (iv Invoicer) issue(ctx context.Context, tx pgx.Tx, d draft) (db.Invoice, error) {
	q := db.New(tx)
	if err := refuseWhileHeld(ctx, q); err != nil {
		return db.Invoice{}, err
	}
	issuer, err := iv.Issuer.Issuer(ctx, tx)
	if err != nil {
		return db.Invoice{}, err
	}
	// Everything that needs no lock is read and built before the chain's:
	// from there to the commit every other issuer waits (the till's sales
	// at 8 tills, bench/till.go).
	mode, err := issuingMode(ctx, q)
	if err != nil {
		return db.Invoice{}, err
	}
	if err := iv.queueSubmission(ctx, tx); err != nil {
		return db.Invoice{}, err
	}
	taxes, base, vat, total := Totals(d.lines)
	// The chain's lock before the time: read before it, a sale that waited
	// behind another would follow it in the chain with an earlier time, or
	// with last year's number after this year's at midnight on 31 December.
	// IssueInvoice then takes the series' counter: every issuer takes the
	// chain first, so none waits for another in the other order.
	previousHash, err := q.LockVerifactuChain(ctx)
	if err != nil {
		return db.Invoice{}, fmt.Errorf("invoice: lock the record chain: %w", err)
	}
	now := iv.now().In(shoptime.Madrid)
	year := int32(now.Year())
	p := db.IssueInvoiceParams{
		Kind: string(d.kind), Year: year, SeriesPrefix: seriesPrefix(d.kind, year),
		AeatType: d.aeatType, OrderID: d.orderID, RefersTo: d.refersTo, Reason: d.reason,
		IssuedAt: now, IssueDate: pgtype.Date{Time: time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC), Valid: true},
		IssuerName: issuer.Name, IssuerNif: issuer.NIF, IssuerAddress: issuer.Address, IssuerProducerRegister: issuer.ProducerRegister,
		BuyerNif: d.buyer.TaxID, BuyerName: d.buyer.Name, BuyerAddress: d.buyer.Address,
		BaseCents: base, VatCents: vat, TotalCents: total,
		VerifactuLegend: mode.Legend, QrBase: mode.QRBase, PreviousHash: previousHash,
	}
	for _, l := range d.lines {
		p.LineNos = append(p.LineNos, l.LineNo)
		p.LineDescriptions = append(p.LineDescriptions, l.Description)
		p.LineQuantities = append(p.LineQuantities, l.Quantity)
		p.LineUnitPricesCents = append(p.LineUnitPricesCents, l.UnitPriceCents)
		p.LineVatBasisPoints = append(p.LineVatBasisPoints, l.VATBasisPoints)
		p.LineTotalsCents = append(p.LineTotalsCents, l.TotalCents)
	}
	for _, t := range taxes {
		p.TaxVatBasisPoints = append(p.TaxVatBasisPoints, t.VATBasisPoints)
		p.TaxBasesCents = append(p.TaxBasesCents, t.BaseCents)
		p.TaxVatsCents = append(p.TaxVatsCents, t.VATCents)
	}
	rec := Record{
		IssuerNIF: issuer.NIF, IssueDate: AEATDate(now), InvoiceType: d.aeatType,
		VATTotal: Amount(vat), Total: Amount(total), GeneratedAt: AEATTime(now), PreviousHash: previousHash,
	}
	p.RecordIssuerNif, p.RecordIssueDate, p.RecordInvoiceType = rec.IssuerNIF, rec.IssueDate, rec.InvoiceType
	p.RecordVatTotal, p.RecordTotal, p.RecordGeneratedAt = rec.VATTotal, rec.Total, rec.GeneratedAt
	p.HashHead, p.HashTail = splitHashInput(rec)
	inv, err := q.IssueInvoice(ctx, p)
	if err != nil {
		return db.Invoice{}, fmt.Errorf("invoice: issue %s %d: %w", d.kind, year, err)
	}
	return db.Invoice(inv), nil
}

// splitHashInput is rec's HashInput around its series number, which
// IssueInvoice fills in under the series counter's lock: head and tail.
func splitHashInput(rec Record) (string, string) {
	const number = "\x00"
	rec.SeriesNumber = number
	head, tail, _ := strings.Cut(rec.HashInput(), number)
	return head, tail
}

// Cancel adds a VeriFactu cancellation record (anulación) for an invoice
// issued by mistake. The invoice itself stays, as the law keeps it; a sale
// that is undone gets a corrective invoice instead (IssueCorrective).
func (iv Invoicer) Cancel(ctx context.Context, tx pgx.Tx, invoiceID int64) (db.VerifactuRecord, error) {
	q := db.New(tx)
	if err := refuseWhileHeld(ctx, q); err != nil {
		return db.VerifactuRecord{}, err
	}
	inv, err := q.GetInvoice(ctx, invoiceID)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return db.VerifactuRecord{}, fmt.Errorf("invoice: invoice %d: %w", invoiceID, fault.ErrNotFound)
		}
		return db.VerifactuRecord{}, fmt.Errorf("invoice: invoice %d: %w", invoiceID, err)
	}
	return iv.appendRecord(ctx, tx, inv.ID, Record{
		Cancellation: true, IssuerNIF: inv.IssuerNif, SeriesNumber: inv.SeriesNumber,
		IssueDate: AEATDate(inv.IssuedAt),
	})
}

// orderToInvoice reads a paid order under a share lock.
func orderToInvoice(ctx context.Context, q *db.Queries, orderID int64) (db.OrderForInvoiceRow, error) {
	order, err := q.OrderForInvoice(ctx, orderID)
	if err != nil {
		return order, notFound(orderID, err)
	}
	if order.PaymentStatus != "paid" {
		return order, ErrNotPaid
	}
	return order, nil
}

func notFound(orderID int64, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("invoice: order %d: %w", orderID, fault.ErrNotFound)
	}
	return fmt.Errorf("invoice: order %d: %w", orderID, err)
}

// invoiceOfKind finds the order's invoice of a kind issued once per order.
func invoiceOfKind(ctx context.Context, q *db.Queries, orderID int64, k Kind) (db.Invoice, bool, error) {
	invoices, err := q.InvoicesOfOrder(ctx, orderID)
	if err != nil {
		return db.Invoice{}, false, fmt.Errorf("invoice: invoices of order %d: %w", orderID, err)
	}
	for _, inv := range invoices {
		if Kind(inv.Kind) == k {
			return inv, true, nil
		}
	}
	return db.Invoice{}, false, nil
}

// orderLines are the order's lines as sold, its discount code's lines (one
// negative line per VAT rate, discountLines), then its shipping and its
// cash-on-delivery surcharge, each split into one line per VAT rate of the
// goods (pricing.SplitCharge): a charge that goes with the goods is an
// accessory supply and takes their VAT (Ley 37/1992, art. 78.Dos.1º; DGT
// V2218-18), shared in proportion to each rate's base.
func orderLines(ctx context.Context, q *db.Queries, order db.OrderForInvoiceRow) ([]Line, error) {
	rows, err := q.OrderLinesForInvoice(ctx, order.ID)
	if err != nil {
		return nil, fmt.Errorf("invoice: lines of order %d: %w", order.ID, err)
	}
	lines := make([]Line, 0, len(rows)+2)
	goods := make([]pricing.RateAmount, 0, len(rows))
	var last int32
	for _, r := range rows {
		lines = append(lines, Line{
			LineNo: r.LineNo, Description: r.ProductName, Quantity: r.Quantity,
			UnitPriceCents: r.UnitPriceCents, VATBasisPoints: r.VatBasisPoints, TotalCents: r.LineTotalCents,
		})
		goods = append(goods, pricing.RateAmount{VATBasisPoints: r.VatBasisPoints, AmountCents: r.LineTotalCents})
		last = max(last, r.LineNo)
	}
	discounts, err := discountLines(ctx, q, order.ID, last)
	if err != nil {
		return nil, err
	}
	lines = append(lines, discounts...)
	last += int32(len(discounts))
	for _, charge := range []struct {
		description string
		cents       int64
	}{{ShippingDescription, order.ShippingCents}, {CashSurchargeDescription, order.PaymentSurchargeCents}} {
		for _, part := range pricing.SplitCharge(charge.cents, goods) {
			last++
			lines = append(lines, Line{
				LineNo: last, Description: charge.description, Quantity: 1,
				UnitPriceCents: part.AmountCents, VATBasisPoints: part.VATBasisPoints, TotalCents: part.AmountCents,
			})
		}
	}
	return lines, nil
}

// SimplifiedMaxCents is the most a simplified invoice may be for, VAT
// included (RD 1619/2012 art. 4.1): above it the buyer's data are needed.
const SimplifiedMaxCents = 300_000

// discountLines are the discount code's lines of order orderID, numbered
// after last: one per VAT rate of the discount's parts, each taking its
// part off at that rate (quantity 1, a negative price), so the invoice's
// base and VAT per rate are net of the discount exactly as the order's
// are (discount.VATByRate). Shipping still follows the goods' rates as
// sold: the order shares it the same way. None for an order without a code.
func discountLines(ctx context.Context, q *db.Queries, orderID int64, last int32) ([]Line, error) {
	d, err := q.OrderDiscount(ctx, orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("invoice: discount of order %d: %w", orderID, err)
	}
	parts, err := q.OrderDiscountParts(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("invoice: discount parts of order %d: %w", orderID, err)
	}
	out := make([]Line, 0, len(parts))
	for _, p := range parts {
		last++
		out = append(out, Line{
			LineNo: last, Description: DiscountDescription + d.Code, Quantity: 1,
			UnitPriceCents: -p.AmountCents, VATBasisPoints: p.VatBasisPoints, TotalCents: -p.AmountCents,
		})
	}
	return out, nil
}

// DiscountDescription starts a discount code's line, followed by the
// code; the PDF translates it, the register finds the lines by it.
const DiscountDescription = "discount:"

// ShippingDescription names a shipping line; the PDF translates it.
const ShippingDescription = "shipping"

// CashSurchargeDescription names a cash-on-delivery surcharge's line; the
// PDF translates it.
const CashSurchargeDescription = "cash_on_delivery"
