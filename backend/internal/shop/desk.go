package shop

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/sabores/sabores/backend/internal/db"
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

// Timeline reads an order's events, oldest first, as shopper and admin see them.
func Timeline(ctx context.Context, q *db.Queries, orderID int64) ([]db.OrderEvent, error) {
	rows, err := q.ListOrderEvents(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("shop: timeline of order %d: %w", orderID, err)
	}
	return rows, nil
}
