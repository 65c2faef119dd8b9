package server

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strings"
)

// The web app reads the catalogue with Connect GETs (NO_SIDE_EFFECTS
// methods). Left to itself the browser learns a page's first requests only
// after it has downloaded and run the app; naming them in index.html lets it
// start them with the page, so the answers are in (or on their way) when the
// app asks. Each URL must be exactly the one connect-web builds for the
// request the page makes (same field order, same escaping), or the browser
// fetches twice; the browser tests check that every preloaded request is
// asked for once.

// Requests as the storefront makes them (frontend/src/features/catalog and
// hooks/session-query.tsx), as Connect JSON.
const (
	sessionCall     = "/sabores.v1.AccountService/GetSession"
	shopCall        = "/sabores.v1.ShopSettingsService/GetShopDetails"
	countriesCall   = "/sabores.v1.CatalogService/ListCountries"
	listCall        = "/sabores.v1.CatalogService/ListProducts"
	productCall     = "/sabores.v1.CatalogService/GetProduct"
	promotionsCall  = "/sabores.v1.PromotionService/ListActivePromotions"
	homeSection     = `{"onlineCategory":%q,"sort":"PRODUCT_SORT_NEWEST","pageSize":4}`
	todosFirstPage  = `{"sort":"PRODUCT_SORT_NAME","page":1,"pageSize":20}`
	productByIDJSON = `{"id":"%s"}`
)

// productPath is a product page; ids are positive int64 values, which Connect
// JSON writes as strings.
var productPath = regexp.MustCompile(`^/producto/([1-9][0-9]{0,17})$`)

// preloadCalls lists the Connect GET URLs the page at path requests first.
// Every page asks who is signed in and, for its footer, the shop's details;
// the home page, /todos without filters and
// product pages also read the catalogue.
func preloadCalls(path, rawQuery string) []string {
	calls := []string{connectGet(sessionCall, "{}"), connectGet(shopCall, "{}")}
	switch {
	case path == "/":
		calls = append(calls,
			connectGet(countriesCall, "{}"),
			connectGet(listCall, fmt.Sprintf(homeSection, "lanzamientos")),
			connectGet(promotionsCall, "{}"),
			connectGet(listCall, fmt.Sprintf(homeSection, "populares")),
		)
	case path == "/todos" && rawQuery == "":
		calls = append(calls, connectGet(listCall, todosFirstPage))
	default:
		if m := productPath.FindStringSubmatch(path); m != nil {
			calls = append(calls, connectGet(productCall, fmt.Sprintf(productByIDJSON, m[1])))
		}
	}
	return calls
}

// connectGet is the URL connect-web uses for a unary call over GET with the
// JSON codec: the message goes in the query, escaped like encodeURIComponent.
func connectGet(procedure, message string) string {
	return procedure + "?connect=v1&encoding=json&message=" + escapeComponent(message)
}

// escapeComponent escapes s as JavaScript's encodeURIComponent does.
func escapeComponent(s string) string {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(unreserved, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// withPreloads returns index with a <link rel="preload" as="fetch"> for each
// call, placed before </head>. crossorigin makes the preload's mode and
// credentials those of the app's fetch (cors, same-origin), so the browser
// hands the preloaded answer to it.
func withPreloads(index []byte, calls []string) []byte {
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 || len(calls) == 0 {
		return index
	}
	var links bytes.Buffer
	for _, c := range calls {
		fmt.Fprintf(&links, `<link rel="preload" as="fetch" crossorigin href="%s">`+"\n  ", html.EscapeString(c))
	}
	out := make([]byte, 0, len(index)+links.Len())
	out = append(out, index[:at]...)
	out = append(out, links.Bytes()...)
	return append(out, index[at:]...)
}
