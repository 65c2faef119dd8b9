// Package sendcloud speaks Sendcloud's API v3, the carrier platform the
// shop buys its labels through (carrier.Platform), and receives its
// tracking webhooks. Every field name here is the reference's:
//
//   - Create and announce a shipment synchronously, POST /shipments/announce
//     (https://sendcloud.dev/api/v3/shipments/create-and-announce-a-shipment-synchronously;
//     the OpenAPI document https://sendcloud.dev/.openapi/v3/shipments/openapi.yaml,
//     schemas shipment-request-sync-announce and sync-shipment-response);
//   - Retrieve a shipment, GET /shipments/{id} (same document), the poll;
//   - Retrieve a parcel document, GET /parcels/{id}/documents/{type}
//     (https://sendcloud.dev/api/v3/parcel-documents/retrieve-a-parcel-document);
//   - the Parcel status changed webhook and its Sendcloud-Signature header
//     (https://sendcloud.dev/api/v3/webhooks/parcel-status-changed,
//     webhook.go).
//
// Authentication is HTTP Basic with the integration's public key as the
// user and its secret key as the password (securitySchemes HTTPBasicAuth).
// API v2 is in maintenance mode and closed to accounts made after 13 April
// 2026, so the shop speaks v3 only.
package sendcloud

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/carrier"
)

// Name is the platform as parcels.platform stores it.
const Name = "sendcloud"

// maxResponseBytes bounds an answer: a shipment with its base64 label is
// tens of kilobytes.
const maxResponseBytes = 4 << 20

// Client calls Sendcloud's API v3 with an integration's keys.
type Client struct {
	base           string
	public, secret string
	http           *http.Client
}

// The label asked for: a PDF at a thermal printer's resolution.
const (
	labelMIME = "application/pdf"
	labelDPI  = 300
)

var _ carrier.Platform = (*Client)(nil)

// New calls the API at base (https://panel.sendcloud.sc/api/v3, or the
// development stand-in's) with
// the integration's public and secret keys through hc.
func New(base, publicKey, secretKey string, hc *http.Client) *Client {
	return &Client{base: strings.TrimSuffix(base, "/"), public: publicKey, secret: secretKey, http: hc}
}

// Name is the platform as parcels.platform stores it.
func (c *Client) Name() string { return Name }

// The request of POST /shipments/announce (shipment-request-sync-announce).
type announceRequest struct {
	LabelDetails        labelDetails `json:"label_details"`
	ToAddress           address      `json:"to_address"`
	FromAddress         address      `json:"from_address"`
	ShipWith            shipWith     `json:"ship_with"`
	OrderNumber         string       `json:"order_number"`
	TotalOrderPrice     price        `json:"total_order_price"`
	ExternalReferenceID string       `json:"external_reference_id"`
	Parcels             []parcelIn   `json:"parcels"`
}

// labelDetails is label-details: the label's format and resolution.
type labelDetails struct {
	MIMEType string `json:"mime_type"`
	DPI      int    `json:"dpi"`
}

// address is the Address object (address-with-required-fields).
type address struct {
	Name         string `json:"name"`
	CompanyName  string `json:"company_name,omitempty"`
	AddressLine1 string `json:"address_line_1"`
	PostalCode   string `json:"postal_code"`
	City         string `json:"city"`
	CountryCode  string `json:"country_code"`
	Email        string `json:"email,omitempty"`
	PhoneNumber  string `json:"phone_number,omitempty"`
}

// shipWith is ship-with: the only type is shipping_option_code.
type shipWith struct {
	Type       string             `json:"type"`
	Properties shipWithProperties `json:"properties"`
}

type shipWithProperties struct {
	ShippingOptionCode string `json:"shipping_option_code"`
}

// price is the Price object: a decimal string and an ISO 4217 currency.
type price struct {
	Value    string `json:"value"`
	Currency string `json:"currency"`
}

// parcelIn is parcel-common: the weight (str-weight) is required, the
// label notes are printed where the carrier prints them.
type parcelIn struct {
	Weight     weightIn `json:"weight"`
	LabelNotes []string `json:"label_notes,omitempty"`
}

type weightIn struct {
	Value string `json:"value"`
	Unit  string `json:"unit"`
}

// The answer of announce and retrieve: {"data": shipment}.
type shipmentEnvelope struct {
	Data shipmentOut `json:"data"`
}

// shipmentOut is sync-shipment-response (and shipment-response).
type shipmentOut struct {
	ID      string      `json:"id"`
	Parcels []parcelOut `json:"parcels"`
	Carrier struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"carrier"`
	Errors []apiError `json:"errors"`
}

// parcelOut is sync-parcels-array-response: label_file is the label in
// base64 when the shipment has one parcel.
type parcelOut struct {
	ID     int64 `json:"id"`
	Status struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"status"`
	TrackingNumber string  `json:"tracking_number"`
	TrackingURL    *string `json:"tracking_url"`
	LabelFile      *string `json:"label_file"`
	UpdatedAt      string  `json:"updated_at"`
}

// apiError is the JSON:API ErrorObject the API answers errors with.
type apiError struct {
	Status string `json:"status"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
	Source *struct {
		Pointer string `json:"pointer"`
	} `json:"source"`
}

type errorsEnvelope struct {
	Errors []apiError `json:"errors"`
}

// detail words a list of errors for the desk.
func detail(errs []apiError) string {
	parts := make([]string, 0, len(errs))
	for _, e := range errs {
		s := e.Detail
		if e.Source != nil && e.Source.Pointer != "" {
			s = e.Source.Pointer + ": " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// The parcel status codes v3 answers when a label could not be made.
const codeAnnouncementFailed = "ANNOUNCEMENT_FAILED"

// Announce creates and announces the shipment in one synchronous call and
// returns its parcel's label. The order's reference goes as
// external_reference_id, which the API keeps unique per user: asked again
// with it, the API answers 409 with the shipment it made, which Announce
// returns as if just made, so a retried purchase never buys twice. A
// request the API rejects, or a parcel whose announcement failed, is a
// *carrier.Refusal with the API's words.
func (c *Client) Announce(ctx context.Context, s carrier.Shipment) (carrier.Label, error) {
	req := announceRequest{
		LabelDetails: labelDetails{MIMEType: labelMIME, DPI: labelDPI},
		ToAddress:    addressOf(s.To), FromAddress: addressOf(s.From),
		ShipWith:        shipWith{Type: "shipping_option_code", Properties: shipWithProperties{ShippingOptionCode: s.ServiceCode}},
		OrderNumber:     s.OrderNumber,
		TotalOrderPrice: price{Value: decimal(s.TotalCents), Currency: "EUR"},
		// The reference's Parcel object has no field for an amount to
		// collect; the carrier's cash-on-delivery service is the shipping
		// option's, and the amount travels on the label (docs/shipping-labels.md).
		ExternalReferenceID: s.Reference,
		Parcels: []parcelIn{{
			Weight:     weightIn{Value: strconv.FormatFloat(float64(s.WeightGrams)/1000, 'f', 3, 64), Unit: "kg"},
			LabelNotes: s.Notes,
		}},
	}
	body, err := json.Marshal(req)
	if err != nil {
		return carrier.Label{}, fmt.Errorf("sendcloud: encode the shipment: %w", err)
	}
	status, answer, err := c.do(ctx, http.MethodPost, "/shipments/announce", body, "application/json")
	if err != nil {
		return carrier.Label{}, err
	}
	if status != http.StatusOK && status != http.StatusCreated && status != http.StatusConflict {
		return carrier.Label{}, c.failure(status, answer)
	}
	var env shipmentEnvelope
	if err := json.Unmarshal(answer, &env); err != nil {
		return carrier.Label{}, fmt.Errorf("sendcloud: read the shipment (HTTP %d): %w", status, err)
	}
	sh := env.Data
	if len(sh.Parcels) != 1 {
		if len(sh.Errors) > 0 {
			return carrier.Label{}, &carrier.Refusal{Detail: detail(sh.Errors)}
		}
		return carrier.Label{}, fmt.Errorf("sendcloud: shipment %q has %d parcels, want 1", sh.ID, len(sh.Parcels))
	}
	p := sh.Parcels[0]
	if p.Status.Code == codeAnnouncementFailed || p.TrackingNumber == "" {
		d := detail(sh.Errors)
		if d == "" {
			d = p.Status.Message
		}
		return carrier.Label{}, &carrier.Refusal{Detail: d}
	}
	label := carrier.Label{
		ShipmentID: sh.ID, ParcelID: p.ID, Carrier: sh.Carrier.Name,
		TrackingNumber: p.TrackingNumber, Status: p.Status.Message,
	}
	if label.Carrier == "" {
		label.Carrier = sh.Carrier.Code
	}
	if p.TrackingURL != nil {
		label.TrackingURL = *p.TrackingURL
	}
	if p.LabelFile != nil && *p.LabelFile != "" {
		pdf, err := base64.StdEncoding.DecodeString(*p.LabelFile)
		if err != nil || !isPDF(pdf) {
			// Not the PDF asked for: download it instead.
			pdf = nil
		}
		label.PDF = pdf
	}
	return label, nil
}

// Label downloads a parcel's label as a PDF (Accept: application/pdf).
func (c *Client) Label(ctx context.Context, parcelID int64) ([]byte, error) {
	status, answer, err := c.do(ctx, http.MethodGet, "/parcels/"+strconv.FormatInt(parcelID, 10)+"/documents/label", nil, labelMIME)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, c.failure(status, answer)
	}
	if !isPDF(answer) {
		return nil, fmt.Errorf("sendcloud: the label of parcel %d is not a PDF", parcelID)
	}
	return answer, nil
}

// Status asks where a shipment's parcels stand (Retrieve a shipment).
func (c *Client) Status(ctx context.Context, shipmentID string) ([]carrier.Status, error) {
	status, answer, err := c.do(ctx, http.MethodGet, "/shipments/"+url.PathEscape(shipmentID), nil, "application/json")
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, c.failure(status, answer)
	}
	var env shipmentEnvelope
	if err := json.Unmarshal(answer, &env); err != nil {
		return nil, fmt.Errorf("sendcloud: read shipment %s: %w", shipmentID, err)
	}
	out := make([]carrier.Status, 0, len(env.Data.Parcels))
	for _, p := range env.Data.Parcels {
		st := carrier.Status{ParcelID: p.ID, State: CodeState(p.Status.Code), Message: p.Status.Message}
		// updated_at is when the parcel last changed: the status's time,
		// as near as the shipment says.
		if at, err := time.Parse(time.RFC3339Nano, p.UpdatedAt); err == nil {
			st.At = at
		}
		out = append(out, st)
	}
	return out, nil
}

// do sends one request and reads its answer, bounded.
func (c *Client) do(ctx context.Context, method, path string, body []byte, accept string) (int, []byte, error) {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, reader)
	if err != nil {
		return 0, nil, fmt.Errorf("sendcloud: %s %s: %w", method, path, err)
	}
	req.SetBasicAuth(c.public, c.secret)
	req.Header.Set("Accept", accept)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("sendcloud: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(res.Body, maxResponseBytes))
	if err != nil {
		return 0, nil, fmt.Errorf("sendcloud: %s %s: read the answer: %w", method, path, err)
	}
	return res.StatusCode, answer, nil
}

// failure is an answer other than success: the API's own words for a
// request it rejects (4xx), an error to retry later for anything else.
// Neither includes the keys.
func (c *Client) failure(status int, answer []byte) error {
	var env errorsEnvelope
	_ = json.Unmarshal(answer, &env)
	d := detail(env.Errors)
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fmt.Errorf("sendcloud: the API refused the keys (HTTP %d): %s", status, d)
	case status >= 400 && status < 500 && d != "":
		return &carrier.Refusal{Detail: d}
	}
	return fmt.Errorf("sendcloud: HTTP %d: %s", status, firstLine(answer))
}

// firstLine is the start of an answer, for an error message.
func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b[:min(len(b), 200)]), "\n")
	return s
}

func addressOf(a carrier.Address) address {
	return address{
		Name: a.Name, CompanyName: a.Company, AddressLine1: a.Line1, PostalCode: a.PostalCode, City: a.City,
		CountryCode: a.CountryCode, Email: a.Email, PhoneNumber: a.Phone,
	}
}

// decimal writes cents as the API's decimal string ("11.11").
func decimal(cents int64) string {
	return fmt.Sprintf("%d.%02d", cents/100, cents%100)
}

func isPDF(b []byte) bool { return bytes.HasPrefix(b, []byte("%PDF-")) }
