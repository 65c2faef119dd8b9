package shop

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// carriers are the carriers the shop knows a tracking page of, by the
// name an admin types (compared without case, spaces or dashes), with the
// page of one parcel; %s is the tracking number, escaped.
var carriers = []struct{ name, page string }{
	{"Correos", "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=%s"},
	{"Correos Express", "https://s.correosexpress.com/search?shippingNumber=%s"},
	{"SEUR", "https://www.seur.com/livetracking/?segOnlineIdentificador=%s"},
	{"MRW", "https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio=%s"},
	{"GLS", "https://gls-group.com/ES/es/seguimiento-envios/?match=%s"},
	{"DHL", "https://www.dhl.com/es-es/home/seguimiento.html?tracking-id=%s"},
	{"UPS", "https://www.ups.com/track?loc=es_ES&tracknum=%s"},
	{"CTT", "https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=%s"},
}

// Carriers are the names of the carriers TrackingURL links, for the desk's
// suggestions.
func Carriers() []string {
	out := make([]string, len(carriers))
	for i, c := range carriers {
		out[i] = c.name
	}
	return out
}

// trackingPages are the carriers' pages by carrierKey, keyed once rather
// than for every order mapped: the order desk maps a page of shipped
// orders at each request.
var trackingPages = func() map[string]string {
	out := make(map[string]string, len(carriers))
	for _, c := range carriers {
		out[carrierKey(c.name)] = c.page
	}
	return out
}()

func carrierKey(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' || r == '.' {
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
}

// TrackingURL is the carrier's tracking page of a parcel, or "" for a
// carrier the shop does not know or no number: then the number is shown
// as text.
func TrackingURL(carrier, number string) string {
	number = strings.TrimSpace(number)
	if number == "" {
		return ""
	}
	if page, ok := trackingPages[carrierKey(carrier)]; ok {
		return fmt.Sprintf(page, url.QueryEscape(number))
	}
	return ""
}

// VATByRate is the taxable base and VAT of each rate in an order's lines,
// lowest rate first: each line's VAT is what its VAT-inclusive total
// contains, rounded per line as the order and its invoice were.
func VATByRate(lines []db.OrderLine) []*saboresv1.VatAmount {
	var out []*saboresv1.VatAmount
	for _, l := range lines {
		i := slices.IndexFunc(out, func(v *saboresv1.VatAmount) bool { return v.VatBasisPoints == l.VatBasisPoints })
		if i < 0 {
			out = append(out, &saboresv1.VatAmount{VatBasisPoints: l.VatBasisPoints})
			i = len(out) - 1
		}
		vat := pricing.IncludedVAT(l.LineTotalCents, l.VatBasisPoints)
		out[i].VatCents += vat
		out[i].BaseCents += l.LineTotalCents - vat
	}
	slices.SortFunc(out, func(a, b *saboresv1.VatAmount) int { return int(a.VatBasisPoints - b.VatBasisPoints) })
	return out
}

// Timeline reads an order's events, oldest first, as shopper and admin see them.
func Timeline(ctx context.Context, q *db.Queries, orderID int64) ([]*saboresv1.OrderEvent, error) {
	rows, err := q.ListOrderEvents(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("shop: timeline of order %d: %w", orderID, err)
	}
	return EventsToProto(rows), nil
}

// EventsToProto maps an order's stored events.
func EventsToProto(rows []db.OrderEvent) []*saboresv1.OrderEvent {
	events := make([]*saboresv1.OrderEvent, len(rows))
	for i, e := range rows {
		events[i] = &saboresv1.OrderEvent{
			Machine: e.Machine, ToState: e.ToState, Actor: e.Actor, Note: e.Note,
			CreateTime: timestamppb.New(e.CreatedAt),
		}
		if e.FromState != nil {
			events[i].FromState = *e.FromState
		}
	}
	return events
}

// StoredStatus is the fulfilment state an API status filters by; "" for
// ORDER_STATUS_UNSPECIFIED (no filter).
func StoredStatus(s saboresv1.OrderStatus) Fulfilment {
	for _, f := range Fulfilments {
		if status(string(f)) == s && s != saboresv1.OrderStatus_ORDER_STATUS_UNSPECIFIED {
			return f
		}
	}
	return ""
}

// StoredPayment is the payment state an API payment status filters by; ""
// for PAYMENT_STATUS_UNSPECIFIED (no filter).
func StoredPayment(s saboresv1.PaymentStatus) Payment {
	for _, p := range Payments {
		if paymentStatus(string(p)) == s && s != saboresv1.PaymentStatus_PAYMENT_STATUS_UNSPECIFIED {
			return p
		}
	}
	return ""
}
