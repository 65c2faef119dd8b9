package prerender

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// fakeBundle stands in for the web app's server bundle: the same three
// steps, with a timer and a promise between them as React's and
// react-query's scheduling has, and a read through saboresCall.
const fakeBundle = `
var SaboresSSR = (function () {
  var page;
  return {
    start: function (url, language) { page = { url: url, language: language }; },
    fetchData: function () {
      return new Promise(function (resolve) { setTimeout(resolve, 0); }).then(function () {
        page.product = JSON.parse(saboresCall("sabores.v1.CatalogService", "GetProduct", JSON.stringify({ id: "7" })));
        if (page.url === "/private") saboresCall("sabores.v1.AccountService", "GetSession", "{}");
      });
    },
    finish: function () {
      return {
        html: '<title>x</title><!--$--><p>' + page.product.name + ' ' + new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).format(12345.5) + ' ' + location.origin + page.url + '</p><!--/$-->',
        data: JSON.stringify({ language: page.language }),
      };
    },
  };
})();
`

func TestRender(t *testing.T) {
	t.Parallel()
	var calls []string
	e, err := NewEngine([]byte(fakeBundle), "https://shop.example/", func(_ context.Context, service, method string, input []byte) ([]byte, error) {
		calls = append(calls, service+"/"+method+" "+string(input))
		return []byte(`{"name":"Guaraná"}`), nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Render(t.Context(), "/producto/7", "es")
	if err != nil {
		t.Fatal(err)
	}
	// The hoisted <title> goes (shopd writes the head); the price is as
	// Chromium formats it, no-break spaces included.
	want := "<!--$--><p>Guaraná 12.345,50\u00a0€ https://shop.example/producto/7</p><!--/$-->"
	if p.HTML != want {
		t.Errorf("HTML = %q, want %q", p.HTML, want)
	}
	if p.Data != `{"language":"es"}` {
		t.Errorf("Data = %q", p.Data)
	}
	if len(calls) != 1 || calls[0] != `sabores.v1.CatalogService/GetProduct {"id":"7"}` {
		t.Errorf("calls = %q", calls)
	}
}

func TestRenderRefusesPrivateReads(t *testing.T) {
	t.Parallel()
	e, err := NewEngine([]byte(fakeBundle), "https://shop.example", func(context.Context, string, string, []byte) ([]byte, error) {
		return []byte(`{"name":"x"}`), nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Render(t.Context(), "/private", "es"); err == nil || !strings.Contains(err.Error(), ErrNotPublic.Error()) {
		t.Errorf("a session read rendered: err = %v, want %v", err, ErrNotPublic)
	}
}

func TestRenderStopsAtTheDeadline(t *testing.T) {
	t.Parallel()
	const endless = `var SaboresSSR = { start: function () {}, fetchData: function () { for (;;) {} }, finish: function () {} };`
	e, err := NewEngine([]byte(endless), "https://shop.example", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if _, err := r.Render(ctx, "/", "es"); !errors.Is(err, context.DeadlineExceeded) && (err == nil || !strings.Contains(err.Error(), "deadline")) {
		t.Errorf("err = %v, want the deadline", err)
	}
}

func TestNumberFormats(t *testing.T) {
	t.Parallel()
	e, err := NewEngine([]byte("var SaboresSSR = {};"), "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.newRuntime()
	if err != nil {
		t.Fatal(err)
	}
	// What Chromium's Intl prints for the storefront's formats.
	tests := []struct{ expr, want string }{
		{`new Intl.NumberFormat("es-ES", {style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2}).format(8.5)`, "8,50\u00a0€"},
		{`new Intl.NumberFormat("es-ES", {style: "currency", currency: "EUR"}).format(1234.5)`, "1234,50\u00a0€"},
		{`new Intl.NumberFormat("pt-PT", {style: "currency", currency: "EUR"}).format(12345)`, "12\u00a0345,00\u00a0€"},
		{`new Intl.NumberFormat("en-US", {minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false}).format(1234.5)`, "1234.50"},
		{`new Intl.NumberFormat("es-ES", {maximumFractionDigits: 1}).format(4.25)`, "4,3"},
		{`new Intl.NumberFormat("es-ES", {maximumFractionDigits: 3}).format(0.5)`, "0,5"},
		{`new Intl.DateTimeFormat("es-ES", {weekday: "long", timeZone: "UTC"}).format(Date.UTC(2024, 0, 1))`, "lunes"},
		{`new Intl.DateTimeFormat("pt-PT", {weekday: "long", timeZone: "UTC"}).format(Date.UTC(2024, 0, 2))`, "terça-feira"},
		{`new Intl.DateTimeFormat("es-ES", {dateStyle: "long"}).format(new Date(2026, 10, 24))`, "24 de noviembre de 2026"},
		{`new Intl.DateTimeFormat("pt-PT", {dateStyle: "long"}).format(new Date(2026, 2, 1))`, "1 de março de 2026"},
		// Madrid's day, not the server's: at 23:30 UTC on 30 November it is
		// already 1 December there (and 31 March's 22:30 UTC is 1 April in summer time).
		{`new Intl.DateTimeFormat("es-ES", {dateStyle: "long", timeZone: "Europe/Madrid"}).format(Date.UTC(2026, 10, 30, 23, 30))`, "1 de diciembre de 2026"},
		{`new Intl.DateTimeFormat("pt-PT", {dateStyle: "long", timeZone: "Europe/Madrid"}).format(Date.UTC(2026, 2, 31, 22, 30))`, "1 de abril de 2026"},
		{`new Intl.DateTimeFormat("es-ES", {dateStyle: "long", timeZone: "Europe/Madrid"}).format(Date.UTC(2026, 2, 31, 21, 30))`, "31 de marzo de 2026"},
		{`new Intl.DateTimeFormat("es-ES", {day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Madrid"}).format(Date.UTC(2026, 11, 31, 23, 5))`, "01/01/2027"},
		{`new Intl.PluralRules("es").select(1) + new Intl.PluralRules("es").select(3)`, "oneother"},
	}
	for _, tt := range tests {
		v, err := r.vm.RunString(tt.expr)
		if err != nil {
			t.Errorf("%s: %v", tt.expr, err)
			continue
		}
		if got := v.String(); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.expr, got, tt.want)
		}
	}
}
