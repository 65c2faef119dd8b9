package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// Kind is what an e-mail tells the shopper.
type Kind string

// The kinds of e-mail, as stored in outbound_emails.kind.
const (
	OrderReceived   Kind = "order_received"
	PaymentReceived Kind = "payment_received"
	Shipped         Kind = "shipped"
	// InTransit and Delivered follow the parcel bought through the carrier
	// platform (package carrier); a delivery starts the withdrawal period.
	InTransit Kind = "in_transit"
	Delivered Kind = "delivered"
	// ReadyForPickup and Collected follow an order collected at the shop;
	// collecting it starts the withdrawal period.
	ReadyForPickup Kind = "ready_for_pickup"
	Collected      Kind = "collected"
	Cancelled      Kind = "cancelled"
	// BankRefunded: a cancelled order's transfer given back by the shop's
	// bank (Order.BankRefund).
	BankRefunded Kind = "bank_refunded"
	// The withdrawal e-mails: the acknowledgement on a durable medium with
	// the date and time received (Directive 2011/83 art. 11a), the goods
	// received back, the refund.
	WithdrawalReceived      Kind = "withdrawal_received"
	WithdrawalGoodsReceived Kind = "withdrawal_goods_received"
	WithdrawalRefunded      Kind = "withdrawal_refunded"
)

// Identity is the shop as the law wants it named in the order confirmation
// (TRLGDCU 98.7: the trader's identity, terms and withdrawal information) and
// the account a transfer goes to. It comes from the shop's settings through
// IdentitySource.
type Identity struct {
	Name, LegalName, TaxID, Address, Email, Phone string
	// IBAN and Beneficiary are where transfers go.
	IBAN, Beneficiary string
	// PublicURL is the shop's address; TermsURL and WithdrawalURL its pages.
	PublicURL, TermsURL, WithdrawalURL string
}

// SiteURL is the address of the shop's pages in language: Portuguese ones
// live under /pt (issue 36), so a Portuguese e-mail's links open Portuguese
// pages.
func SiteURL(publicURL, language string) string {
	if language == "pt" {
		return publicURL + "/pt"
	}
	return publicURL
}

// in is the identity with its links to the shop's pages in language.
func (i Identity) in(language string) Identity {
	site := SiteURL(i.PublicURL, language)
	for _, u := range []*string{&i.TermsURL, &i.WithdrawalURL} {
		if rest, ok := strings.CutPrefix(*u, i.PublicURL); ok && i.PublicURL != "" {
			*u = site + rest
		}
	}
	i.PublicURL = site
	return i
}

// Line is one order line as the e-mail shows it.
type Line struct {
	Name           string
	Quantity       int32
	UnitCents      int64
	TotalCents     int64
	VATBasisPoints int32
}

// VATRate is the VAT of the lines at one rate: the base and the tax.
type VATRate struct {
	BasisPoints int32
	BaseCents   int64
	VATCents    int64
}

// Order is what an e-mail says about an order.
type Order struct {
	ID            int64
	Language      string
	PlacedAt      time.Time
	PaymentMethod string
	Lines         []Line
	SubtotalCents int64
	ShippingCents int64
	// SurchargeCents is the cash-on-delivery surcharge; like shipping, at
	// the goods' VAT rates.
	SurchargeCents                                                                 int64
	TotalCents                                                                     int64
	DeliveryName, DeliveryAddress, DeliveryPostalCode, DeliveryCity, DeliveryPhone string
	Carrier, TrackingNumber, TrackingURL                                           string
	// TransferReference is what a transfer's concept must say, as the order
	// page gives it and the shop's bank statement shows it ("SABORES-9").
	TransferReference string
	// PickupCode is the code a pickup at the shop is collected with; ""
	// for an order delivered home.
	PickupCode string
	// DispatchOn is the calendar day (its year, month and day) a frozen or
	// chilled order leaves the shop; zero for an order without such goods.
	DispatchOn time.Time
	// CancelNote is why the order was cancelled; WasPaid says the money is
	// to be refunded.
	CancelNote string
	WasPaid    bool
	// RefundAsked says the card or Bizum payment (PaymentMethod) was
	// cancelled with the order and its refund asked from Redsys.
	RefundAsked bool
	// WithdrawalLink is the signed link to the withdrawal function, which
	// works without signing in.
	WithdrawalLink string
	// Withdrawal is the withdrawal a withdrawal e-mail is about.
	Withdrawal *Withdrawal
	// BankRefund is the bank refund a "bank_refunded" e-mail is about.
	BankRefund *BankRefund
	// Recall is the recall a "lot_recall" e-mail is about.
	Recall *Recall
	// Discount is the discount code the order was sold with; nil for none.
	Discount *Discount
}

// Discount is an order's discount code as its e-mails show it: the code,
// what it took off the goods (TotalCents is already net of it) and that
// amount's parts by VAT rate (BaseCents + VATCents each), which the VAT
// table takes off each rate as the invoice does.
type Discount struct {
	Code        string
	AmountCents int64
	Parts       []VATRate
}

// BankRefund is what the "bank_refunded" e-mail says of a bank refund.
type BankRefund struct {
	AmountCents int64
	Reference   string
	// Day is the transfer's day as the e-mail shows it (DD/MM/YYYY).
	Day string
}

// Withdrawal is what a withdrawal e-mail says of it.
type Withdrawal struct {
	ID             int64
	RequestedAt    time.Time
	RefundDeadline time.Time
	CancelledOrder bool
	Lines          []WithdrawalLine
	RefundCents    int64
	// RefundMethod is "redsys" or "bank_transfer".
	RefundMethod, RefundReference string
}

// WithdrawalLine is one withdrawn line.
type WithdrawalLine struct {
	Name          string
	Quantity      int32
	TotalCents    int64
	SealedHygiene bool
	RejectReason  string
}

// VATByRate is the base and VAT of each rate, lowest first: the lines',
// and the shipping and cash surcharge at the goods' rates, split in
// proportion to their bases (pricing.VATByRate), less the discount's part
// at that rate, as the order and its invoice sum them
// (discount.VATByRate). The confirmation shows the base per rate when rates
// differ.
func (o Order) VATByRate() []VATRate {
	goods := make([]pricing.RateAmount, len(o.Lines))
	for i, l := range o.Lines {
		goods[i] = pricing.RateAmount{VATBasisPoints: l.VATBasisPoints, AmountCents: l.TotalCents}
	}
	rates := pricing.VATByRate(goods, o.ShippingCents, o.SurchargeCents)
	out := make([]VATRate, len(rates))
	for i, r := range rates {
		out[i] = VATRate{BasisPoints: r.VATBasisPoints, BaseCents: r.BaseCents, VATCents: r.VATCents}
		if o.Discount == nil {
			continue
		}
		for _, p := range o.Discount.Parts {
			if p.BasisPoints == r.VATBasisPoints {
				out[i].BaseCents -= p.BaseCents
				out[i].VATCents -= p.VATCents
			}
		}
	}
	return out
}

//go:embed templates
var templateFS embed.FS

// templateSet is the e-mails' templates with their functions writing money
// and times in one language.
type templateSet struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

// templates are the sets per language of texts: an amount or a time reads
// in an e-mail as the site shows it (money.Format, shoptime).
var templates = func() map[string]templateSet {
	sets := make(map[string]templateSet, len(texts))
	for lang := range texts {
		f := funcs(lang)
		sets[lang] = templateSet{
			html: htmltemplate.Must(htmltemplate.New("").Funcs(f).ParseFS(templateFS, "templates/*.html.tmpl")),
			text: texttemplate.Must(texttemplate.New("").Funcs(f).ParseFS(templateFS, "templates/*.txt.tmpl")),
		}
	}
	return sets
}()

func funcs(lang string) texttemplate.FuncMap {
	return texttemplate.FuncMap{
		"euros":   func(cents int64) string { return money.Format(cents, lang) },
		"percent": percent,
		// Every time is Madrid's and says so: a shopper in Portugal or on a
		// server's UTC would otherwise read a different hour.
		"date": func(t time.Time) string { return shoptime.DateTime(t, lang) },
		// datetime is a moment to the second: the acknowledgement's "date
		// and time received".
		"datetime": func(t time.Time) string { return shoptime.DateTimeSeconds(t, lang) },
		"day":      func(t time.Time) string { return t.In(shoptime.Madrid).Format("02/01/2006") },
		"replace":  strings.ReplaceAll,
		// calendarDay writes a date without moving it across zones.
		"calendarDay": func(t time.Time) string { return t.Format("02/01/2006") },
	}
}

// view is what the templates see.
type view struct {
	Kind  Kind
	T     map[string]string
	Shop  Identity
	Order Order
}

// Render writes the e-mail of kind about o, in o's language (Spanish when
// it is neither es nor pt).
func Render(kind Kind, o Order, shop Identity) (subject, html, text string, err error) {
	lang := o.Language
	if _, ok := texts[lang]; !ok {
		lang = "es"
	}
	t := texts[lang]
	v := view{Kind: kind, T: t, Shop: shop.in(lang), Order: o}
	subject = strings.NewReplacer("{id}", strconv.FormatInt(o.ID, 10), "{shop}", shop.Name).Replace(t["subject."+string(kind)])
	if subject == "" {
		return "", "", "", fmt.Errorf("mail: no e-mail of kind %q", kind)
	}
	var h, x bytes.Buffer
	set := templates[lang]
	if err := set.html.ExecuteTemplate(&h, "email.html.tmpl", v); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s html: %w", kind, err)
	}
	if err := set.text.ExecuteTemplate(&x, "email.txt.tmpl", v); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s text: %w", kind, err)
	}
	return subject, h.String(), x.String(), nil
}

// percent formats basis points as a VAT rate: 2100 → "21 %", 550 → "5,5 %".
func percent(bp int32) string {
	s := strconv.FormatFloat(float64(bp)/100, 'f', -1, 64)
	return strings.Replace(s, ".", ",", 1) + " %"
}
