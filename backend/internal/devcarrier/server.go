// Package devcarrier is a stand-in for Sendcloud that runs inside shopd, so
// the desk buys labels and follows parcels through the real protocol with
// no internet and no carrier account. It serves the endpoints of API v3 the
// shop calls (package sendcloud) under a prefix: announcing a shipment
// synchronously, retrieving it, and downloading its label, a real PDF with
// the tracking number as a Code 128 barcode. Its page lists the parcels and
// lets the developer (or the desk, on this machine) move each one along,
// posting the signed Parcel status changed webhook to the shop as
// Sendcloud would, or only changing what the API answers, so the shop's
// poll finds it. It keeps its parcels in memory and makes labels for
// anyone holding its keys: configuration turns it on only in development
// on loopback, or when forced, never in production.
package devcarrier

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/sendcloud"
)

// maxRequestBytes bounds an announcement's body.
const maxRequestBytes = 256 << 10

// Server is the development carrier platform.
type Server struct {
	prefix         string
	origin         string
	webhookURL     string
	public, secret string
	client         *http.Client
	log            *slog.Logger
	mux            *http.ServeMux

	mu        sync.Mutex
	parcels   []*parcel // in the order they were made
	byRef     map[string]*parcel
	nextID    int64
	trackSeed string
	remitted  []remittance
}

// parcel is one announced single-parcel shipment.
type parcel struct {
	ShipmentID, Reference string
	ID                    int64
	Carrier               string
	Service               string
	Tracking, TrackingURL string
	Order                 string
	To                    addressIn
	StatusID              int
	Updated               time.Time
	Label                 []byte
	// Notified says the last status went out as a webhook.
	Notified string
	// CODCents is what the carrier collects at the door, read from the
	// label's note as a carrier's driver reads it; Remitted once a
	// remittance paid it over.
	CODCents int64
	Remitted bool
}

// remittance is cash collected on delivery paid over to the shop: what a
// carrier sends (its reference, the day, a CSV line per parcel).
type remittance struct {
	Reference, Day, CSV string
	Parcels             int
}

// New serves the stand-in under prefix (e.g. "/dev-sendcloud/") of the
// shop at publicURL, answering the API to the keys publicKey and
// secretKey and posting its webhooks, signed with secretKey, to webhookURL
// only.
func New(prefix, publicURL, webhookURL, publicKey, secretKey string, client *http.Client, log *slog.Logger) (*Server, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("devcarrier: public URL %q is not absolute", publicURL)
	}
	seed := make([]byte, 2)
	if _, err := rand.Read(seed); err != nil {
		return nil, fmt.Errorf("devcarrier: %w", err)
	}
	s := &Server{
		prefix: prefix, origin: u.Scheme + "://" + u.Host, webhookURL: webhookURL, public: publicKey, secret: secretKey,
		client: client, log: log,
		mux: http.NewServeMux(), byRef: map[string]*parcel{}, nextID: 900_000_001,
		trackSeed: strings.ToUpper(hex.EncodeToString(seed)),
	}
	api := prefix + "api/v3/"
	s.mux.HandleFunc("POST "+api+"shipments/announce", s.authorised(s.announce))
	s.mux.HandleFunc("GET "+api+"shipments/{id}", s.authorised(s.shipment))
	s.mux.HandleFunc("GET "+api+"parcels/{id}/documents/label", s.authorised(s.label))
	s.mux.HandleFunc("GET "+prefix+"{$}", s.page)
	s.mux.HandleFunc("GET "+prefix+"track/{number}", s.track)
	s.mux.HandleFunc("POST "+prefix+"advance", s.advance)
	s.mux.HandleFunc("POST "+prefix+"remit", s.remit)
	s.mux.HandleFunc("GET "+prefix+"remittances/{ref}", s.remittanceCSV)
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// authorised answers 401 unless the request carries the stand-in's keys
// as HTTP Basic credentials, as the API does.
func (s *Server) authorised(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		if !ok || subtle.ConstantTimeCompare([]byte(user), []byte(s.public)) != 1 ||
			subtle.ConstantTimeCompare([]byte(pass), []byte(s.secret)) != 1 {
			writeErrors(w, http.StatusUnauthorized, apiError{Status: "401", Code: "authentication_failed", Detail: "Invalid username/password."})
			return
		}
		next(w, r)
	}
}

// The announcement as the stand-in reads it: its own reading of the
// reference's shipment-request-sync-announce, apart from the client's, so
// a mistake on one side shows in the tests.
type announceIn struct {
	ToAddress   addressIn `json:"to_address"`
	FromAddress addressIn `json:"from_address"`
	ShipWith    struct {
		Type       string `json:"type"`
		Properties struct {
			ShippingOptionCode string `json:"shipping_option_code"`
		} `json:"properties"`
	} `json:"ship_with"`
	OrderNumber         string `json:"order_number"`
	ExternalReferenceID string `json:"external_reference_id"`
	Parcels             []struct {
		Weight struct {
			Value string `json:"value"`
			Unit  string `json:"unit"`
		} `json:"weight"`
		LabelNotes []string `json:"label_notes"`
	} `json:"parcels"`
}

type addressIn struct {
	Name         string `json:"name"`
	AddressLine1 string `json:"address_line_1"`
	PostalCode   string `json:"postal_code"`
	City         string `json:"city"`
	CountryCode  string `json:"country_code"`
	Email        string `json:"email,omitempty"`
	PhoneNumber  string `json:"phone_number,omitempty"`
}

type apiError struct {
	Status string `json:"status"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
	Source *struct {
		Pointer string `json:"pointer"`
	} `json:"source,omitempty"`
}

func fieldError(pointer, detail string) apiError {
	e := apiError{Status: "400", Code: "required", Detail: detail}
	e.Source = &struct {
		Pointer string `json:"pointer"`
	}{Pointer: pointer}
	return e
}

// check refuses what the API refuses, with its words: the required
// address fields, a shipping option, one parcel with a weight in kg.
func (a announceIn) check() []apiError {
	var errs []apiError
	for _, f := range []struct{ pointer, value string }{
		{"/to_address/name", a.ToAddress.Name}, {"/to_address/address_line_1", a.ToAddress.AddressLine1},
		{"/to_address/postal_code", a.ToAddress.PostalCode}, {"/to_address/city", a.ToAddress.City},
		{"/to_address/country_code", a.ToAddress.CountryCode},
		{"/from_address/name", a.FromAddress.Name}, {"/from_address/address_line_1", a.FromAddress.AddressLine1},
		{"/from_address/postal_code", a.FromAddress.PostalCode}, {"/from_address/city", a.FromAddress.City},
		{"/from_address/country_code", a.FromAddress.CountryCode},
		{"/ship_with/properties/shipping_option_code", a.ShipWith.Properties.ShippingOptionCode},
	} {
		if strings.TrimSpace(f.value) == "" {
			errs = append(errs, fieldError(f.pointer, "This field is required."))
		}
	}
	if a.ShipWith.Type != "shipping_option_code" {
		errs = append(errs, fieldError("/ship_with/type", `"shipping_option_code" is the only choice.`))
	}
	if len(a.Parcels) != 1 {
		errs = append(errs, fieldError("/parcels", "The stand-in announces one parcel per shipment."))
		return errs
	}
	if w, err := strconv.ParseFloat(a.Parcels[0].Weight.Value, 64); err != nil || w <= 0 || a.Parcels[0].Weight.Unit != "kg" {
		errs = append(errs, fieldError("/parcels/0/weight", "A weight in kg above 0 is required."))
	}
	return errs
}

// announce is POST /shipments/announce: the shipment made and announced
// at once, 201 with its label in base64; the same external_reference_id
// again is 409 with the shipment made the first time.
func (s *Server) announce(w http.ResponseWriter, r *http.Request) {
	var in announceIn
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	if err := dec.Decode(&in); err != nil {
		writeErrors(w, http.StatusBadRequest, apiError{Status: "400", Code: "invalid", Detail: "JSON parse error: " + err.Error()})
		return
	}
	if errs := in.check(); len(errs) > 0 {
		writeErrors(w, http.StatusBadRequest, errs...)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.byRef[in.ExternalReferenceID]; ok && in.ExternalReferenceID != "" {
		writeJSON(w, http.StatusConflict, map[string]any{"data": shipmentOut(p, true)})
		return
	}
	option := in.ShipWith.Properties.ShippingOptionCode
	carrierCode, _, _ := strings.Cut(option, ":")
	p := &parcel{
		ShipmentID: fmt.Sprintf("dev-%d", s.nextID), Reference: in.ExternalReferenceID, ID: s.nextID,
		Carrier: carrierName(carrierCode), Service: option, Order: in.OrderNumber, To: in.ToAddress,
		Tracking: fmt.Sprintf("SCDEV%s%06d", s.trackSeed, s.nextID%1_000_000),
		StatusID: sendcloud.StatusReadyToSend, Updated: time.Now().UTC(),
	}
	p.TrackingURL = s.origin + s.prefix + "track/" + p.Tracking
	label, err := renderLabel(labelData{
		Carrier: p.Carrier, Service: option, Tracking: p.Tracking, Order: in.OrderNumber,
		From: in.FromAddress, To: in.ToAddress, WeightKilos: kilos(in.Parcels[0].Weight.Value), Notes: in.Parcels[0].LabelNotes,
	})
	if err != nil {
		s.log.ErrorContext(r.Context(), "devcarrier: draw a label", "error", err)
		writeErrors(w, http.StatusInternalServerError, apiError{Status: "500", Code: "parcel_announcement_error", Detail: "Service error: " + err.Error()})
		return
	}
	p.Label = label
	p.CODCents = codOf(in.Parcels[0].LabelNotes)
	s.nextID++
	s.parcels = append(s.parcels, p)
	if p.Reference != "" {
		s.byRef[p.Reference] = p
	}
	writeJSON(w, http.StatusCreated, map[string]any{"data": shipmentOut(p, true)})
}

// shipmentOut is a parcel's shipment as the API answers it (with the label
// in base64 for announce).
func shipmentOut(p *parcel, withLabel bool) map[string]any {
	out := map[string]any{
		"id": p.ID, "tracking_number": p.Tracking, "tracking_url": p.TrackingURL,
		"status":     map[string]any{"code": sendcloud.StatusCode(p.StatusID), "message": sendcloud.StatusMessage(p.StatusID)},
		"documents":  []map[string]any{{"type": "label", "size": "a6", "link": "/api/v3/parcels/" + strconv.FormatInt(p.ID, 10) + "/documents/label"}},
		"updated_at": p.Updated.Format(time.RFC3339Nano),
	}
	if withLabel {
		out["label_file"] = base64.StdEncoding.EncodeToString(p.Label)
	}
	return map[string]any{
		"id": p.ShipmentID, "order_number": p.Order, "parcels": []any{out},
		"carrier": map[string]string{"code": strings.ToLower(p.Carrier), "name": p.Carrier},
		"errors":  []any{},
	}
}

// shipment is GET /shipments/{id}: where its parcel stands now.
func (s *Server) shipment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.IndexFunc(s.parcels, func(p *parcel) bool { return p.ShipmentID == r.PathValue("id") })
	if i < 0 {
		writeErrors(w, http.StatusNotFound, apiError{Status: "404", Code: "not_found", Detail: "Not found"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": shipmentOut(s.parcels[i], false)})
}

// label is GET /parcels/{id}/documents/label: the PDF.
func (s *Server) label(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	s.mu.Lock()
	p := s.find(id)
	s.mu.Unlock()
	if p == nil {
		writeErrors(w, http.StatusNotFound, apiError{Status: "404", Code: "not_found", Detail: "No Parcel matches the given query."})
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	_, _ = w.Write(p.Label)
}

func (s *Server) find(id int64) *parcel {
	i := slices.IndexFunc(s.parcels, func(p *parcel) bool { return p.ID == id })
	if i < 0 {
		return nil
	}
	return s.parcels[i]
}

// Steps are the statuses the page offers, in the order a parcel meets them.
var Steps = []int{sendcloud.StatusParcelEnRoute, sendcloud.StatusDeliveryAttemptFailed, sendcloud.StatusDelivered}

// Advance moves parcel id to status statusID and, with notify, posts the
// signed webhook to the shop, returning what the shop answered.
func (s *Server) Advance(ctx context.Context, id int64, statusID int, notify bool) (string, error) {
	s.mu.Lock()
	p := s.find(id)
	if p == nil {
		s.mu.Unlock()
		return "", fmt.Errorf("devcarrier: no parcel %d", id)
	}
	p.StatusID, p.Updated, p.Notified = statusID, time.Now().UTC(), ""
	s.mu.Unlock()
	if !notify {
		return "not sent: the shop's poll will find it", nil
	}
	now := time.Now()
	body, err := json.Marshal(map[string]any{
		"action": sendcloud.ActionParcelStatusChanged, "timestamp": now.UnixMilli(),
		"carrier_status_change_timestamp": now.UnixMilli(),
		"parcel": map[string]any{
			"id": p.ID, "tracking_number": p.Tracking, "order_number": p.Order, "shipment_uuid": p.ShipmentID,
			"status": map[string]any{"id": statusID, "message": sendcloud.StatusMessage(statusID)},
		},
	})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.webhookURL, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(sendcloud.SignatureHeader, sendcloud.Sign(s.secret, body))
	res, err := s.client.Do(req)
	if err != nil {
		return "", fmt.Errorf("devcarrier: post the webhook: %w", err)
	}
	defer res.Body.Close()
	s.mu.Lock()
	p.Notified = res.Status
	s.mu.Unlock()
	return res.Status, nil
}

// advance is the page's form: move a parcel, notify or not.
func (s *Server) advance(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	id, _ := strconv.ParseInt(r.PostForm.Get("parcel"), 10, 64)
	statusID, _ := strconv.Atoi(r.PostForm.Get("status"))
	if !slices.Contains(Steps, statusID) {
		http.Error(w, "unknown status", http.StatusBadRequest)
		return
	}
	if _, err := s.Advance(r.Context(), id, statusID, r.PostForm.Get("notify") != "false"); err != nil {
		s.log.WarnContext(r.Context(), "devcarrier: advance a parcel", "parcel", id, "error", err)
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	http.Redirect(w, r, s.prefix, http.StatusSeeOther)
}

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{"message": sendcloud.StatusMessage}).Parse(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev carrier</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}form{display:inline}
button{margin:.1rem;padding:.4rem .6rem}</style></head>
<body><h1>Dev carrier (Sendcloud API v3 stand-in)</h1>
<p>Labels bought here are test labels. Each button moves the parcel and posts the signed webhook to the shop; "silent" only changes what the API answers, for the shop's poll to find.</p>
<table><thead><tr><th>Order</th><th>Parcel</th><th>Status</th><th>Move to</th></tr></thead><tbody>
{{range .Parcels}}<tr><td>{{.Order}}<br>{{.To.Name}}, {{.To.City}}</td>
<td><a href="{{.TrackingURL}}">{{.Tracking}}</a><br>{{.Carrier}} · {{.Service}}</td>
<td>{{message .StatusID}}{{if .Notified}}<br><small>webhook: {{.Notified}}</small>{{end}}</td>
<td>{{$p := .}}{{range $.Steps}}<form method="post" action="{{$.Prefix}}advance"><input type="hidden" name="parcel" value="{{$p.ID}}"><input type="hidden" name="status" value="{{.}}"><button>{{message .}}</button></form>
<form method="post" action="{{$.Prefix}}advance"><input type="hidden" name="parcel" value="{{$p.ID}}"><input type="hidden" name="status" value="{{.}}"><input type="hidden" name="notify" value="false"><button>{{message .}} (silent)</button></form>{{end}}</td></tr>
{{else}}<tr><td colspan="4">No parcels yet: buy a label on an order being prepared.</td></tr>{{end}}
</tbody></table>
<h2>Cash-on-delivery remittances</h2>
<p>The carrier pays over the cash of delivered parcels in a remittance: enter its reference, day and file in the back office (Envíos → Remesas).</p>
<form method="post" action="{{.Prefix}}remit"><button>Remit the delivered cash</button></form>
{{range .Remitted}}<section><h3>{{.Reference}}</h3><p>Day {{.Day}} · {{.Parcels}} parcels · <a href="{{$.Prefix}}remittances/{{.Reference}}.csv">CSV</a></p>
<textarea readonly rows="4" cols="40" aria-label="CSV {{.Reference}}">{{.CSV}}</textarea></section>
{{else}}<p>No remittances yet.</p>{{end}}
</body></html>`))

// page lists the parcels, newest first, with their moves.
func (s *Server) page(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	list := make([]parcel, 0, len(s.parcels))
	for i := len(s.parcels) - 1; i >= 0; i-- {
		list = append(list, *s.parcels[i])
	}
	remitted := slices.Clone(s.remitted)
	s.mu.Unlock()
	slices.Reverse(remitted)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTemplate.Execute(w, map[string]any{"Parcels": list, "Steps": Steps, "Prefix": s.prefix, "Remitted": remitted}); err != nil {
		s.log.Warn("devcarrier: page", "error", err)
	}
}

// track is the carrier's tracking page a parcel's tracking URL opens.
func (s *Server) track(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	i := slices.IndexFunc(s.parcels, func(p *parcel) bool { return p.Tracking == r.PathValue("number") })
	var status int
	if i >= 0 {
		status = s.parcels[i].StatusID
	}
	s.mu.Unlock()
	if i < 0 {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = fmt.Fprintf(w, "%s: %s\n", r.PathValue("number"), sendcloud.StatusMessage(status))
}

// carrierName is a carrier's code as a name (correos → Correos).
func carrierName(code string) string {
	if code == "" {
		return "Dev"
	}
	return strings.ToUpper(code[:1]) + code[1:]
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeErrors(w http.ResponseWriter, status int, errs ...apiError) {
	writeJSON(w, status, map[string]any{"errors": errs})
}

// codOf is the amount a label's notes tell the driver to collect, in cents:
// the note "Contra reembolso: 12.345,67 €" carrier writes with money.Format.
func codOf(notes []string) int64 {
	for _, n := range notes {
		amount, ok := strings.CutPrefix(strings.TrimSpace(n), "Contra reembolso: ")
		if !ok {
			continue
		}
		if cents, err := money.Parse(amount); err == nil {
			return cents
		}
	}
	return 0
}

// Remit pays over the cash of the delivered parcels not remitted yet, as a
// carrier's remittance of day: its reference and its CSV (a header, then
// "tracking number;amount" with a decimal comma, as Spanish spreadsheets
// write it). No parcel to remit is ok false.
func (s *Server) Remit(day time.Time) (reference, csv string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	b.WriteString("referencia;importe\n")
	n := 0
	for _, p := range s.parcels {
		if p.CODCents == 0 || p.Remitted || p.StatusID != sendcloud.StatusDelivered {
			continue
		}
		fmt.Fprintf(&b, "%s;%d,%02d\n", p.Tracking, p.CODCents/100, p.CODCents%100)
		p.Remitted = true
		n++
	}
	if n == 0 {
		return "", "", false
	}
	r := remittance{
		Reference: fmt.Sprintf("DEV-REM-%s-%s-%d", day.Format("20060102"), s.trackSeed, len(s.remitted)+1),
		Day:       day.Format(time.DateOnly), CSV: b.String(), Parcels: n,
	}
	s.remitted = append(s.remitted, r)
	return r.Reference, r.CSV, true
}

// remit is the page's form: a remittance of today's undelivered cash.
func (s *Server) remit(w http.ResponseWriter, r *http.Request) {
	s.Remit(time.Now())
	http.Redirect(w, r, s.prefix, http.StatusSeeOther)
}

// remittanceCSV is a remittance's file, to download and import in the desk.
func (s *Server) remittanceCSV(w http.ResponseWriter, r *http.Request) {
	ref := strings.TrimSuffix(r.PathValue("ref"), ".csv")
	s.mu.Lock()
	i := slices.IndexFunc(s.remitted, func(m remittance) bool { return m.Reference == ref })
	var body string
	if i >= 0 {
		body = s.remitted[i].CSV
	}
	s.mu.Unlock()
	if i < 0 {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+ref+`.csv"`)
	_, _ = io.WriteString(w, body)
}
