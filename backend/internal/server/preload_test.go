package server

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// preloadsJSON is what the web app's build writes (frontend/scripts/page-preloads.mjs).
const preloadsJSON = `{
  "everyPage": ["/sabores.v1.AccountService/GetSession?connect=v1&encoding=json&message=%7B%7D"],
  "pages": [
    {"path": "/", "bareOnly": false, "calls": ["/sabores.v1.CatalogService/ListCountries?connect=v1&encoding=json&message=%7B%7D"]},
    {"path": "/todos", "bareOnly": true, "calls": ["/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message=%7B%22page%22%3A1%7D"]},
    {"path": "/producto/{id}", "bareOnly": false, "calls": ["/sabores.v1.CatalogService/GetProduct?connect=v1&encoding=json&message=%7B%22id%22%3A%22{id}%22%7D"]}
  ]
}`

func TestPreloadCalls(t *testing.T) {
	t.Parallel()
	p := mustLoadPreloads(fstest.MapFS{"preloads.json": {Data: []byte(preloadsJSON)}})
	session := "/sabores.v1.AccountService/GetSession?connect=v1&encoding=json&message=%7B%7D"
	tests := []struct {
		name, path, query string
		want              []string
	}{
		{"home", "/", "", []string{session, "/sabores.v1.CatalogService/ListCountries?connect=v1&encoding=json&message=%7B%7D"}},
		{"home with a query string", "/", "utm=x", []string{session, "/sabores.v1.CatalogService/ListCountries?connect=v1&encoding=json&message=%7B%7D"}},
		{"todos", "/todos", "", []string{session, "/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message=%7B%22page%22%3A1%7D"}},
		{"todos with filters reads its own page", "/todos", "sortBy=price-asc", []string{session}},
		{"product", "/producto/1001", "", []string{
			session,
			"/sabores.v1.CatalogService/GetProduct?connect=v1&encoding=json&message=%7B%22id%22%3A%221001%22%7D",
		}},
		{"product id that is not a number", "/producto/abc", "", []string{session}},
		{"product id zero", "/producto/0", "", []string{session}},
		{"product id with a leading zero", "/producto/01001", "", []string{session}},
		{"product id JavaScript cannot hold", "/producto/9007199254740992", "", []string{session}},
		{"below a product", "/producto/1001/x", "", []string{session}},
		{"other page", "/cart", "", []string{session}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := p.calls(tt.path, tt.query); !slices.Equal(got, tt.want) {
				t.Errorf("calls(%q, %q) =\n%q\nwant\n%q", tt.path, tt.query, got, tt.want)
			}
		})
	}
}

func TestNoPreloadsWithoutTheFile(t *testing.T) {
	t.Parallel()
	if got := mustLoadPreloads(fstest.MapFS{}).calls("/", ""); len(got) != 0 {
		t.Errorf("calls without preloads.json = %q, want none", got)
	}
}

func TestIndexNamesThePagePreloads(t *testing.T) {
	t.Parallel()
	index := "<!doctype html>\n<html>\n  <head>\n    <title>Sabores</title>\n  </head>\n  <body><div id=root></div></body>\n</html>\n"
	b := setup(t, Options{Frontend: fstest.MapFS{
		"index.html":    {Data: []byte(index)},
		"preloads.json": {Data: []byte(preloadsJSON)},
	}})
	res, err := b.h1.Get(b.url + "/producto/1001")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	page := string(body)
	want := `<link rel="preload" as="fetch" crossorigin href="/sabores.v1.CatalogService/GetProduct?connect=v1&amp;encoding=json&amp;message=%7B%22id%22%3A%221001%22%7D">`
	if !strings.Contains(page, want) || strings.Index(page, want) > strings.Index(page, "</head>") {
		t.Errorf("GET /producto/1001 =\n%s\nwant %s in the head", page, want)
	}
	if n := strings.Count(page, `rel="preload"`); n != 2 {
		t.Errorf("GET /producto/1001 has %d preloads, want 2 (the fixture's session and product)", n)
	}
}
