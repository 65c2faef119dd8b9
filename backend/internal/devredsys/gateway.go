// Package devredsys is a stand-in for Redsys that runs inside shopd, so
// card and Bizum payments go through the real protocol with no internet
// and no bank: it takes the browser's signed payment form, shows the
// amount and lets the developer approve, deny or abandon, then signs the
// server-to-server notification to the shop and sends the browser back.
// It signs with Redsys's public test key, so it approves anything for
// anyone: configuration turns it on only in development (see
// config.devRedsysByDefault), never in production.
package devredsys

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/redsys"
)

// Paths under the gateway's prefix, as Redsys names its own.
const (
	payPath      = "realizarPago"
	decidePath   = "decidir"
	restPath     = "rest/trataPeticionREST"
	stylePath    = "style.css"
	maxFormBytes = 64 << 10
)

// Response codes the gateway answers with: Redsys's "authorised", "refused
// by the issuer" and "refund accepted".
const (
	responseApproved = "0000"
	responseDenied   = "0190"
	responseRefunded = "0900"
)

// Gateway is the development payment gateway.
type Gateway struct {
	prefix   string
	origin   string
	merchant *redsys.Merchant
	client   *http.Client
	log      *slog.Logger
	mux      *http.ServeMux
}

// New serves the gateway under prefix (e.g. "/dev-redsys/") for a shop
// whose browsers use publicURL. It sends notifications and the browser
// only to publicURL's origin, so it cannot be used to reach anything else.
func New(prefix, publicURL string, client *http.Client, log *slog.Logger) (*Gateway, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("devredsys: public URL %q is not absolute", publicURL)
	}
	merchant, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	if err != nil {
		return nil, err
	}
	g := &Gateway{prefix: prefix, origin: u.Scheme + "://" + u.Host, merchant: merchant, client: client, log: log, mux: http.NewServeMux()}
	g.mux.HandleFunc("POST "+prefix+payPath, g.pay)
	g.mux.HandleFunc("POST "+prefix+decidePath, g.decide)
	g.mux.HandleFunc("POST "+prefix+restPath, g.rest)
	g.mux.HandleFunc("GET "+prefix+stylePath, serveCSS)
	return g, nil
}

// ServeHTTP implements http.Handler.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.mux.ServeHTTP(w, r) }

// request is a payment form the gateway accepted.
type request struct {
	form        redsys.Form
	order       string
	amountCents int64
	bizum       bool
	merchantURL string
	urlOK       string
	urlKO       string
	lang        string
}

// read checks the browser's form as Redsys would: signed with the test
// key for the test merchant, a euro payment, and URLs of this shop.
func (g *Gateway) read(r *http.Request) (request, error) {
	r.Body = http.MaxBytesReader(nil, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		return request{lang: "es"}, fmt.Errorf("devredsys: form: %w", err)
	}
	p := request{form: redsys.Form{
		SignatureVersion:   r.PostForm.Get("Ds_SignatureVersion"),
		MerchantParameters: r.PostForm.Get("Ds_MerchantParameters"),
		Signature:          r.PostForm.Get("Ds_Signature"),
	}, lang: language(r, nil)}
	params, err := g.merchant.VerifyRequest(p.form)
	if err != nil {
		return p, err
	}
	p.lang = language(r, params)
	amount, err := strconv.ParseInt(params.Get("DS_MERCHANT_AMOUNT"), 10, 64)
	switch {
	case err != nil || amount <= 0:
		return p, fmt.Errorf("devredsys: amount %q", params.Get("DS_MERCHANT_AMOUNT"))
	case params.Get("DS_MERCHANT_CURRENCY") != redsys.CurrencyEUR:
		return p, fmt.Errorf("devredsys: currency %q", params.Get("DS_MERCHANT_CURRENCY"))
	case params.Get("DS_MERCHANT_TRANSACTIONTYPE") != redsys.TransactionAuthorisation:
		return p, fmt.Errorf("devredsys: transaction type %q", params.Get("DS_MERCHANT_TRANSACTIONTYPE"))
	}
	p.order, p.amountCents = params.Get("DS_MERCHANT_ORDER"), amount
	p.bizum = params.Get("DS_MERCHANT_PAYMETHODS") == redsys.PayMethodBizum
	p.merchantURL, p.urlOK, p.urlKO = params.Get("DS_MERCHANT_MERCHANTURL"), params.Get("DS_MERCHANT_URLOK"), params.Get("DS_MERCHANT_URLKO")
	for _, u := range []string{p.merchantURL, p.urlOK, p.urlKO} {
		if !g.ours(u) {
			return p, fmt.Errorf("devredsys: %q is not on %s", u, g.origin)
		}
	}
	return p, nil
}

// ours says whether raw is an absolute URL on the shop's own origin.
func (g *Gateway) ours(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme+"://"+u.Host == g.origin && u.User == nil
}

// pay shows the payment page.
func (g *Gateway) pay(w http.ResponseWriter, r *http.Request) {
	p, err := g.read(r)
	if err != nil {
		g.log.WarnContext(r.Context(), "dev-redsys: payment refused", "error", err)
		g.render(w, http.StatusBadRequest, p, true)
		return
	}
	g.render(w, http.StatusOK, p, false)
}

// decide carries out the developer's choice: approve or deny sends the
// signed notification, as Redsys does before the browser comes back;
// abandon sends none, as when a shopper closes Redsys's page.
func (g *Gateway) decide(w http.ResponseWriter, r *http.Request) {
	p, err := g.read(r)
	if err != nil {
		g.log.WarnContext(r.Context(), "dev-redsys: decision refused", "error", err)
		g.render(w, http.StatusBadRequest, p, true)
		return
	}
	var response string
	switch r.PostForm.Get("decision") {
	case "approve":
		response = responseApproved
	case "deny":
		response = responseDenied
	case "abandon":
		http.Redirect(w, r, p.urlKO, http.StatusSeeOther)
		return
	default:
		g.render(w, http.StatusBadRequest, p, true)
		return
	}
	notification, err := g.signer(p.form.SignatureVersion).SignNotification(g.fields(p, response))
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	g.notify(r.Context(), p.merchantURL, notification)
	back := p.urlKO
	if response == responseApproved {
		back = p.urlOK
	}
	// Like Redsys, the browser carries the result back too; the shop must
	// believe only the notification.
	q := url.Values{
		"Ds_SignatureVersion":   {notification.SignatureVersion},
		"Ds_MerchantParameters": {notification.MerchantParameters},
		"Ds_Signature":          {notification.Signature},
	}
	sep := "?"
	if strings.Contains(back, "?") {
		sep = "&"
	}
	http.Redirect(w, r, back+sep+q.Encode(), http.StatusSeeOther)
}

// fields are the notification's parameters, as Redsys writes them.
func (g *Gateway) fields(p request, response string) map[string]string {
	now := time.Now()
	f := map[string]string{
		"Ds_Date":             url.QueryEscape(now.Format("02/01/2006")),
		"Ds_Hour":             url.QueryEscape(now.Format("15:04")),
		"Ds_SecurePayment":    "1",
		"Ds_Amount":           strconv.FormatInt(p.amountCents, 10),
		"Ds_Currency":         redsys.CurrencyEUR,
		"Ds_Order":            p.order,
		"Ds_MerchantCode":     g.merchant.Code,
		"Ds_Terminal":         "001",
		"Ds_Response":         response,
		"Ds_MerchantData":     "",
		"Ds_TransactionType":  redsys.TransactionAuthorisation,
		"Ds_ConsumerLanguage": "1",
	}
	if p.lang == "pt" {
		f["Ds_ConsumerLanguage"] = "9"
	}
	if response == responseApproved {
		f["Ds_AuthorisationCode"] = authorisationCode()
	}
	return f
}

// notify posts a notification to the shop. A failure is logged, not
// shown: Redsys too sends the browser back whatever the shop answered.
func (g *Gateway) notify(ctx context.Context, merchantURL string, n redsys.Form) {
	body := url.Values{
		"Ds_SignatureVersion":   {n.SignatureVersion},
		"Ds_MerchantParameters": {n.MerchantParameters},
		"Ds_Signature":          {n.Signature},
	}.Encode()
	req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), http.MethodPost, merchantURL, strings.NewReader(body))
	if err != nil {
		g.log.WarnContext(ctx, "dev-redsys: notification", "error", err)
		return
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := g.client.Do(req)
	if err != nil {
		g.log.WarnContext(ctx, "dev-redsys: notification not delivered", "url", merchantURL, "error", err)
		return
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxFormBytes))
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		g.log.WarnContext(ctx, "dev-redsys: notification answered", "url", merchantURL, "status", res.StatusCode)
	}
}

// rest answers REST calls as Redsys's trataPeticionREST does, for refunds
// only: any signed refund of a positive amount is accepted (the stand-in
// keeps no balances, so it cannot refuse one above what was paid).
func (g *Gateway) rest(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	var f redsys.Form
	if err := json.NewDecoder(io.LimitReader(r.Body, maxFormBytes)).Decode(&f); err != nil {
		_, _ = io.WriteString(w, `{"errorCode":"SIS0218"}`)
		return
	}
	params, err := g.merchant.VerifyRequest(f)
	if err != nil {
		code := "SIS0042" // signature error
		if errors.Is(err, redsys.ErrMerchant) {
			code = "SIS0026"
		}
		_, _ = fmt.Fprintf(w, `{"errorCode":%q}`, code)
		return
	}
	amount, err := strconv.ParseInt(params.Get("DS_MERCHANT_AMOUNT"), 10, 64)
	if err != nil || amount <= 0 || params.Get("DS_MERCHANT_TRANSACTIONTYPE") != redsys.TransactionRefund {
		_, _ = io.WriteString(w, `{"errorCode":"SIS0054"}`)
		return
	}
	answer, err := g.signer(f.SignatureVersion).SignNotification(map[string]string{
		"Ds_Amount": strconv.FormatInt(amount, 10), "Ds_Currency": redsys.CurrencyEUR,
		"Ds_Order": params.Get("DS_MERCHANT_ORDER"), "Ds_MerchantCode": g.merchant.Code, "Ds_Terminal": "1",
		"Ds_Response": responseRefunded, "Ds_TransactionType": redsys.TransactionRefund,
		"Ds_AuthorisationCode": authorisationCode(), "Ds_SecurePayment": "0", "Ds_MerchantData": "",
	})
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(answer)
	_, _ = w.Write(buf.Bytes())
}

// signer is the test terminal signing in version, the one the shop's
// request was signed in: a real terminal is configured for one version and
// the shop for the same, so answering in the request's version stands in
// for a terminal set to either.
func (g *Gateway) signer(version string) *redsys.Merchant {
	m, err := g.merchant.WithSignatureVersion(version)
	if err != nil {
		panic(err) // VerifyRequest accepted only versions this package speaks
	}
	return m
}

// authorisationCode is a made-up issuer's code, six digits as a bank's.
func authorisationCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "000000"
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// language is the page's language: Portuguese when the shop asked Redsys
// for it or the browser prefers it, else Spanish.
func language(r *http.Request, params redsys.Params) string {
	if params != nil {
		switch params.Get("DS_MERCHANT_CONSUMERLANGUAGE") {
		case redsys.LanguagePortuguese:
			return "pt"
		case redsys.LanguageSpanish:
			return "es"
		}
	}
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(r.Header.Get("Accept-Language"))), "pt") {
		return "pt"
	}
	return "es"
}
