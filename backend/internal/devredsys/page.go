package devredsys

import (
	_ "embed"
	"html/template"
	"log/slog"
	"net/http"

	"github.com/sabores/sabores/backend/internal/money"
)

// gatewayCSS styles the page from a file of its own: the shop's
// Content-Security-Policy refuses inline styles and scripts.
//
//go:embed gateway.css
var gatewayCSS []byte

func serveCSS(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(gatewayCSS)
}

// text is the page's wording in each language.
type text struct {
	Lang, Title, Note, Amount, Order, Method, Card, Bizum, Approve, Deny, Abandon, Refused string
}

var texts = map[string]text{
	"es": {
		Lang: "es", Title: "Pasarela de pago de desarrollo",
		Note:   "Sustituye a Redsys con su clave pública de pruebas: ningún cobro es real.",
		Amount: "Importe", Order: "Pedido", Method: "Método", Card: "Tarjeta", Bizum: "Bizum",
		Approve: "Aprobar el pago", Deny: "Denegar el pago", Abandon: "Abandonar y volver a la tienda",
		Refused: "Petición de pago no válida: la firma, el comercio o las direcciones no son de esta tienda.",
	},
	"pt": {
		Lang: "pt", Title: "Gateway de pagamento de desenvolvimento",
		Note:   "Substitui a Redsys com a sua chave pública de testes: nenhum pagamento é real.",
		Amount: "Montante", Order: "Encomenda", Method: "Método", Card: "Cartão", Bizum: "Bizum",
		Approve: "Aprovar o pagamento", Deny: "Recusar o pagamento", Abandon: "Abandonar e voltar à loja",
		Refused: "Pedido de pagamento inválido: a assinatura, o comerciante ou os endereços não são desta loja.",
	},
}

// pageTemplate has no inline style or script; every button is a real
// submit of a form posting back to the gateway.
var pageTemplate = template.Must(template.New("pay").Parse(`<!doctype html>
<html lang="{{.T.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.T.Title}}</title>
<link rel="stylesheet" href="{{.Stylesheet}}">
</head>
<body>
<main>
<h1>{{.T.Title}}</h1>
<p class="note">{{.T.Note}}</p>
{{if .Refused}}<p role="alert" class="error">{{.T.Refused}}</p>{{else}}
<dl>
<dt>{{.T.Amount}}</dt><dd class="amount">{{.Amount}}</dd>
<dt>{{.T.Order}}</dt><dd>{{.Order}}</dd>
<dt>{{.T.Method}}</dt><dd>{{if .Bizum}}{{.T.Bizum}}{{else}}{{.T.Card}}{{end}}</dd>
</dl>
<form method="post" action="{{.Action}}" class="actions">
<input type="hidden" name="Ds_SignatureVersion" value="{{.Form.SignatureVersion}}">
<input type="hidden" name="Ds_MerchantParameters" value="{{.Form.MerchantParameters}}">
<input type="hidden" name="Ds_Signature" value="{{.Form.Signature}}">
<button type="submit" name="decision" value="approve" class="approve">{{.T.Approve}}</button>
<button type="submit" name="decision" value="deny" class="deny">{{.T.Deny}}</button>
<button type="submit" name="decision" value="abandon">{{.T.Abandon}}</button>
</form>{{end}}
</main>
</body>
</html>
`))

func (g *Gateway) render(w http.ResponseWriter, status int, p request, refused bool) {
	t, ok := texts[p.lang]
	if !ok {
		t = texts["es"]
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := pageTemplate.Execute(w, struct {
		T          text
		Refused    bool
		Amount     string
		Order      string
		Bizum      bool
		Form       any
		Action     string
		Stylesheet string
	}{t, refused, money.Format(p.amountCents, p.lang), p.order, p.bizum, p.form, g.prefix + decidePath, g.prefix + stylePath}); err != nil {
		slog.Warn("dev-redsys page", "error", err)
	}
}
