package carrier_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/oned"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/devcarrier"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/sendcloud"
	"github.com/sabores/sabores/backend/internal/shoptime"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

// The keys the stand-in and the shop share in these tests.
const (
	testPublic = "test-public"
	testSecret = "test-secret-key"
)

// bench is a shop on its own database buying labels from the development
// stand-in over HTTP, with Sendcloud's webhook served as shopd serves it.
type bench struct {
	pool          *pgxpool.Pool
	q             *db.Queries
	parcels       *carrier.Service
	dev           *devcarrier.Server
	shop          *httptest.Server
	counts        *counter
	user, product int64
	desk          audit.Caller
}

// counter counts webhooks by outcome, as the metric does.
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counter) add(outcome string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[outcome]++
}

func (c *counter) get(outcome string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[outcome]
}

func setup(t *testing.T, services carrier.Services, dispatch deliveryarea.Dispatch) bench {
	t.Helper()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	mux := http.NewServeMux()
	shop := httptest.NewServer(mux)
	t.Cleanup(shop.Close)
	dev, err := devcarrier.New("/dev-sendcloud/", shop.URL, shop.URL+sendcloud.WebhookPath, testPublic, testSecret, shop.Client(), log)
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/dev-sendcloud/", dev)
	if services.Standard == "" {
		services.Standard = "correos:standard"
	}
	parcels := carrier.New(pool, carrier.Options{
		Platform: sendcloud.New(shop.URL+"/dev-sendcloud/api/v3", testPublic, testSecret, shop.Client()),
		Services: services, Dispatch: dispatch, Logger: log,
	}).WithEffects(order.Effects{
		Mailer: jobs.NewMailQueue(client, "pedidos@sabores.test"), Invoicer: invoice.Invoicer{Issuer: invoice.SettingsIssuer{}},
	})
	counts := &counter{n: map[string]int{}}
	mux.Handle("POST "+sendcloud.WebhookPath, sendcloud.NewWebhook(testSecret, parcels, counts.add, log))
	admin := dbtest.Admin(t, pool, "sabores", dbtest.PersonOpts{Subject: "desk"})
	return bench{
		pool: pool, q: db.New(pool), parcels: parcels, dev: dev, shop: shop, counts: counts,
		user:    dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"}),
		product: dbtest.Product(t, pool, dbtest.ProductOpts{PriceCents: 617, Stock: 10}),
		desk:    audit.Caller{Name: "desk@sabores.es", UserID: admin},
	}
}

// order writes an order of two units at 6,17 € being prepared, paid by
// method (cash: on delivery), with extra SQL applied to it.
func (b bench) order(t *testing.T, method string, extra string) int64 {
	t.Helper()
	pay := "paid"
	if method == "cash" {
		pay = "on_delivery"
	}
	id := dbtest.SoldOrder(t, b.pool, dbtest.SoldOrderOpts{UserID: b.user, PaymentStatus: pay, Lines: []dbtest.SoldLine{
		{ProductID: b.product, Quantity: 2, UnitPriceCents: 617, VATBasisPoints: 1000},
	}})
	b.exec(t, `UPDATE orders SET status = 'preparing', payment_method = $2 WHERE id = $1`, id, method)
	if extra != "" {
		b.exec(t, `UPDATE orders SET `+extra+` WHERE id = $1`, id)
	}
	return id
}

func (b bench) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := b.pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}

// emails counts an order's e-mails of kind.
func (b bench) emails(t *testing.T, orderID int64, kind string) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = $2`, orderID, kind).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (b bench) parcel(t *testing.T, id int64) db.Parcel {
	t.Helper()
	p, err := b.q.GetParcel(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// advance moves a parcel at the stand-in and posts its signed webhook,
// which the shop must take.
func (b bench) advance(t *testing.T, p db.Parcel, status int) {
	t.Helper()
	answer, err := b.dev.Advance(context.Background(), p.PlatformParcelID, status, true)
	if err != nil || answer != "200 OK" {
		t.Fatalf("the shop answered the webhook of status %d: %q, %v", status, answer, err)
	}
}

// TestLabelToDeliveryThroughTheStandIn follows a cash-on-delivery order:
// the desk buys its label from the stand-in over Sendcloud's API (a PDF
// with the tracking number as text and as a barcode, and the amount to
// collect), the order ships; signed webhooks move the parcel in transit
// and delivered, each e-mail queued once however often a webhook repeats;
// the delivery delivers the order at the carrier's time, which starts the
// withdrawal period; its cash stays due until the carrier's remittance.
func TestLabelToDeliveryThroughTheStandIn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "cash", "")

	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	if p.State != "announced" || !strings.HasPrefix(p.TrackingNumber, "SCDEV") || p.CodCents != 1234 || p.WeightGrams != 1000 ||
		p.Carrier != "Correos" || p.ServiceCode != "correos:standard" || p.TrackingURL == "" {
		t.Fatalf("parcel %+v, want announced, a stand-in tracking number, 12,34 € to collect, 1 kg, Correos", p)
	}
	o, err := b.q.GetOrder(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != "shipped" || o.Carrier != "Correos" || o.TrackingNumber != p.TrackingNumber {
		t.Errorf("order %s by %q with %q, want shipped with the parcel's carrier and number", o.Status, o.Carrier, o.TrackingNumber)
	}
	pdf, name, err := b.parcels.Label(ctx, p.ID, b.desk)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || name != fmt.Sprintf("etiqueta-pedido-%d.pdf", id) {
		t.Fatalf("label %q (%d bytes) is not a PDF named for its order", name, len(pdf))
	}
	t.Run("the label shows the tracking number and the amount to collect", func(t *testing.T) {
		text, page := render(t, pdf)
		for _, want := range []string{p.TrackingNumber, "Contra reembolso: 12,34 €", "Ana", "Calle 1", "28001 Madrid", "Peso: 1,000 kg"} {
			if !strings.Contains(text, want) {
				t.Errorf("%q missing from the label's text:\n%s", want, text)
			}
		}
		if got := decodeBarcode(t, page); got != p.TrackingNumber {
			t.Errorf("the barcode says %q, want %q", got, p.TrackingNumber)
		}
	})

	// Buying again answers the same parcel: nothing is bought twice.
	again, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil || again.ID != p.ID {
		t.Fatalf("buying again: parcel %d, %v; want parcel %d", again.ID, err, p.ID)
	}

	b.advance(t, p, sendcloud.StatusParcelEnRoute)
	b.advance(t, p, sendcloud.StatusParcelEnRoute)
	if got := b.parcel(t, p.ID); got.State != "in_transit" || got.PlatformStatus != "Parcel en route" {
		t.Errorf("after the in-transit webhooks the parcel is %s (%q)", got.State, got.PlatformStatus)
	}
	b.advance(t, p, sendcloud.StatusDeliveryAttemptFailed)
	if got := b.parcel(t, p.ID); got.State != "in_transit" || got.PlatformStatus != "Delivery attempt failed" {
		t.Errorf("a failed attempt: the parcel is %s (%q), want in transit with the platform's words", got.State, got.PlatformStatus)
	}
	b.advance(t, p, sendcloud.StatusDelivered)
	b.advance(t, p, sendcloud.StatusDelivered)
	b.advance(t, p, sendcloud.StatusParcelEnRoute) // late, out of order

	delivered := b.parcel(t, p.ID)
	if delivered.State != "delivered" || delivered.DeliveredAt == nil {
		t.Fatalf("after the delivered webhook the parcel is %s", delivered.State)
	}
	if o, err = b.q.GetOrder(ctx, id); err != nil {
		t.Fatal(err)
	}
	if o.Status != "delivered" || o.PaymentStatus != "on_delivery" {
		t.Errorf("order %s, payment %s; want delivered and still due (the carrier keeps the cash until its remittance)", o.Status, o.PaymentStatus)
	}
	for kind, want := range map[string]int{"shipped": 1, "in_transit": 1, "delivered": 1, "payment_received": 0} {
		if n := b.emails(t, id, kind); n != want {
			t.Errorf("%d %s e-mails, want %d", n, kind, want)
		}
	}
	var jobsQueued int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'send_email'`).Scan(&jobsQueued); err != nil {
		t.Fatal(err)
	}
	if jobsQueued != 3 {
		t.Errorf("%d e-mail jobs queued, want 3 (shipped, in transit, delivered)", jobsQueued)
	}
	if a, u := b.counts.get(sendcloud.WebhookApplied), b.counts.get(sendcloud.WebhookUnchanged); a != 2 || u != 4 {
		t.Errorf("webhooks counted %d applied and %d unchanged, want 2 and 4", a, u)
	}
	// The withdrawal period runs from the delivery.
	at, err := b.q.OrderDeliveredAt(ctx, id)
	if err != nil || !at.Equal(*delivered.DeliveredAt) {
		t.Errorf("the order's delivery time %v (%v), want the parcel's %v", at, err, *delivered.DeliveredAt)
	}
}

// TestDeliveryTimeIsTheCarriers: the withdrawal period starts when the
// carrier delivered, as its webhook says, not when the webhook arrived.
func TestDeliveryTimeIsTheCarriers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "card", "")
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	// The label was bought two days ago; the carrier delivered yesterday
	// evening and the webhook comes only now.
	b.exec(t, `UPDATE parcels SET created_at = now() - interval '2 days' WHERE id = $1`, p.ID)
	carrierTime := time.Now().Add(-20 * time.Hour).Truncate(time.Millisecond)
	status := b.post(t, fmt.Sprintf(`{"action":"parcel_status_changed","timestamp":%d,"carrier_status_change_timestamp":%d,
		"parcel":{"id":%d,"status":{"id":11,"message":"Delivered"}}}`, time.Now().UnixMilli(), carrierTime.UnixMilli(), p.PlatformParcelID), testSecret)
	if status != http.StatusOK {
		t.Fatalf("the shop answered %d", status)
	}
	at, err := b.q.OrderDeliveredAt(ctx, id)
	if err != nil || !at.Equal(carrierTime) {
		t.Fatalf("delivered at %v (%v), want the carrier's %v", at, err, carrierTime)
	}
	o, err := b.q.GetOrder(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	w := withdrawal.WindowAt(order.Fulfilment(o.Status), at, time.Now())
	if !w.Open || !w.Deadline.Equal(withdrawal.Deadline(carrierTime)) {
		t.Errorf("withdrawal window %+v, want open until %v", w, withdrawal.Deadline(carrierTime))
	}
}

// post sends a webhook body signed with secret to the shop.
func (b bench) post(t *testing.T, body, secret string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, b.shop.URL+sendcloud.WebhookPath, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(sendcloud.SignatureHeader, sendcloud.Sign(secret, []byte(body)))
	res, err := b.shop.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	return res.StatusCode
}

// TestForgedAndUnknownWebhooksChangeNothing: a webhook signed with another
// key, or for a parcel the shop does not have, moves nothing and e-mails
// nobody; each is counted.
func TestForgedAndUnknownWebhooksChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "card", "")
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	delivered := fmt.Sprintf(`{"action":"parcel_status_changed","timestamp":%d,"parcel":{"id":%d,"status":{"id":11,"message":"Delivered"}}}`,
		time.Now().UnixMilli(), p.PlatformParcelID)
	if status := b.post(t, delivered, "a-forger's-key"); status != http.StatusForbidden {
		t.Errorf("a forged webhook was answered %d, want 403", status)
	}
	unknown := fmt.Sprintf(`{"action":"parcel_status_changed","timestamp":%d,"parcel":{"id":%d,"status":{"id":11,"message":"Delivered"}}}`,
		time.Now().UnixMilli(), p.PlatformParcelID+1000)
	if status := b.post(t, unknown, testSecret); status != http.StatusOK {
		t.Errorf("a webhook for an unknown parcel was answered %d, want 200 (nothing to retry)", status)
	}
	if status := b.post(t, `{"action":`, testSecret); status != http.StatusBadRequest {
		t.Errorf("a signed body that is no JSON was answered %d, want 400", status)
	}
	if got := b.parcel(t, p.ID); got.State != "announced" {
		t.Errorf("the parcel is %s, want still announced", got.State)
	}
	o, err := b.q.GetOrder(ctx, id)
	if err != nil || o.Status != "shipped" {
		t.Errorf("the order is %s (%v), want still shipped", o.Status, err)
	}
	if n := b.emails(t, id, "delivered"); n != 0 {
		t.Errorf("%d delivered e-mails, want none", n)
	}
	for outcome, want := range map[string]int{
		sendcloud.WebhookForged: 1, sendcloud.WebhookUnknownParcel: 1, sendcloud.WebhookMalformed: 1, sendcloud.WebhookApplied: 0,
	} {
		if got := b.counts.get(outcome); got != want {
			t.Errorf("%d webhooks counted %s, want %d", got, outcome, want)
		}
	}
}

// TestPollMovesParcelsWhoseWebhooksNeverCame: the stand-in moves a parcel
// without telling the shop; the poll asks and delivers it, once.
func TestPollMovesParcelsWhoseWebhooksNeverCame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "card", "")
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.dev.Advance(ctx, p.PlatformParcelID, sendcloud.StatusDelivered, false); err != nil {
		t.Fatal(err)
	}
	moved, err := b.parcels.Poll(ctx)
	if err != nil || moved != 1 {
		t.Fatalf("the poll moved %d parcels (%v), want 1", moved, err)
	}
	if got := b.parcel(t, p.ID); got.State != "delivered" || got.PolledAt == nil {
		t.Errorf("the parcel is %s, polled at %v; want delivered and polled", got.State, got.PolledAt)
	}
	o, err := b.q.GetOrder(ctx, id)
	if err != nil || o.Status != "delivered" {
		t.Errorf("the order is %s (%v), want delivered", o.Status, err)
	}
	// Asked just now, and delivered: the next pass leaves it alone.
	if moved, err := b.parcels.Poll(ctx); err != nil || moved != 0 {
		t.Errorf("a second pass moved %d (%v), want none", moved, err)
	}
	if n := b.emails(t, id, "delivered"); n != 1 {
		t.Errorf("%d delivered e-mails, want 1", n)
	}
}

// TestAgeCheckAtTheDoor: an order with age-restricted goods buys the
// platform's age check where the shop configured one; without it, its
// label and packing slip carry the note for the carrier.
func TestAgeCheckAtTheDoor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const ageOrder = `id_check_required = true, age_declared_at = now()`

	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "card", ageOrder)
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	if p.AgeCheck || p.ServiceCode != "correos:standard" {
		t.Errorf("without an age-check option: parcel %+v", p)
	}
	label, _, err := b.parcels.Label(ctx, p.ID, b.desk)
	if err != nil {
		t.Fatal(err)
	}
	slip, _, err := b.parcels.PackingSlip(ctx, id, "pt", b.desk)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("the note on the label and the slip", func(t *testing.T) {
		for name, pdf := range map[string][]byte{"label": label, "slip": slip} {
			if text, _ := render(t, pdf); !strings.Contains(text, "Entrega solo a mayores de 18: comprobar DNI") {
				t.Errorf("the %s has no age note:\n%s", name, text)
			}
		}
	})

	checked := setup(t, carrier.Services{AgeCheck: "correos:standard/age_check=18"}, deliveryarea.Dispatch{})
	id = checked.order(t, "card", ageOrder)
	if p, err = checked.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: checked.desk}); err != nil {
		t.Fatal(err)
	}
	if !p.AgeCheck || p.ServiceCode != "correos:standard/age_check=18" {
		t.Errorf("with an age-check option: parcel %+v", p)
	}
	if label, _, err = checked.parcels.Label(ctx, p.ID, checked.desk); err != nil {
		t.Fatal(err)
	}
	t.Run("no note when the carrier checks", func(t *testing.T) {
		if text, _ := render(t, label); strings.Contains(text, "comprobar DNI") {
			t.Errorf("the label carries the note although the carrier checks:\n%s", text)
		}
	})
}

// TestColdChainLeavesOnlyOnDispatchDays: a cold-chain order's label is
// refused with a warning on a day such parcels do not leave, and bought
// when the desk confirms it, which the timeline keeps; without a
// cold-chain option it goes outside the platform.
func TestColdChainLeavesOnlyOnDispatchDays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	madrid := shoptime.Madrid
	tomorrow := time.Now().In(madrid).AddDate(0, 0, 1).Weekday()
	offToday := deliveryarea.Dispatch{Days: []time.Weekday{tomorrow}}
	b := setup(t, carrier.Services{ColdChain: "seur:frio"}, offToday)
	dbtest.ColdChainDays(t, b.pool, tomorrow)
	id := b.order(t, "card", `dispatch_on = current_date + 1`)

	_, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	var f *fault.Error
	if !errors.As(err, &f) || f.Reason != order.ReasonColdChainOffDay || f.Metadata["next_dispatch"] == "" {
		t.Fatalf("buying on an off day: %v, want %s with the next dispatch day", err, order.ReasonColdChainOffDay)
	}
	d, err := b.parcels.OrderDesk(ctx, id)
	if err != nil || !d.OffDay || d.Parcel != nil {
		t.Errorf("the desk's view %+v (%v), want the warning and no parcel", d, err)
	}
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk, ConfirmOffDay: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.ServiceCode != "seur:frio" {
		t.Errorf("service %q, want the cold-chain option", p.ServiceCode)
	}
	events, err := b.q.ListOrderEvents(ctx, id)
	if err != nil || !strings.Contains(events[len(events)-1].Note, "confirmed by the desk") {
		t.Errorf("the shipping event does not say the desk confirmed the off day: %+v (%v)", events, err)
	}

	outside := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id = outside.order(t, "card", `dispatch_on = current_date`)
	if _, err := outside.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: outside.desk}); !errors.As(err, &f) || f.Reason != carrier.ReasonLabelOutside {
		t.Errorf("a cold-chain order with no cold-chain option: %v, want %s", err, carrier.ReasonLabelOutside)
	}
}

// TestDeskMarksDelivered: the desk delivers a parcel whose tracking lags:
// the parcel and the order delivered, the e-mail queued, the step audited;
// twice is refused.
func TestDeskMarksDelivered(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "card", "")
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	got, err := b.parcels.MarkDelivered(ctx, p.ID, b.desk, "la clienta llamó")
	if err != nil {
		t.Fatal(err)
	}
	if got.State != "delivered" || got.DeliveredAt == nil {
		t.Errorf("parcel %+v, want delivered", got)
	}
	o, err := b.q.GetOrder(ctx, id)
	if err != nil || o.Status != "delivered" {
		t.Errorf("the order is %s (%v), want delivered", o.Status, err)
	}
	var audited int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action IN ('parcel.buy', 'parcel.deliver', 'parcel.label')`).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 2 {
		t.Errorf("%d audit rows of the label and the delivery, want 2", audited)
	}
	if n := b.emails(t, id, "delivered"); n != 1 {
		t.Errorf("%d delivered e-mails, want 1", n)
	}
	var f *fault.Error
	if _, err := b.parcels.MarkDelivered(ctx, p.ID, b.desk, ""); !errors.As(err, &f) || f.Reason != carrier.ReasonParcelDelivered {
		t.Errorf("delivering twice: %v, want %s", err, carrier.ReasonParcelDelivered)
	}
	page, err := b.parcels.List(ctx, carrier.Delivered, "", 0)
	if err != nil || len(page.Rows) != 1 || page.Rows[0].ID != p.ID {
		t.Errorf("the delivered parcels: %+v (%v)", page.Rows, err)
	}
	if page, err = b.parcels.List(ctx, carrier.InTransit, "", 0); err != nil || len(page.Rows) != 0 {
		t.Errorf("the parcels in transit: %+v (%v), want none", page.Rows, err)
	}
}

// TestPackingSlips: one order's slip says what to pack and what to collect
// at the door; the day's batch holds a page per order being prepared or
// labelled that day.
func TestPackingSlips(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	cash := b.order(t, "cash", "")
	labelled := b.order(t, "card", "")
	if _, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: labelled, By: b.desk}); err != nil {
		t.Fatal(err)
	}
	b.order(t, "card", "status = 'placed'") // not being prepared: no slip

	pdf, name, err := b.parcels.PackingSlip(ctx, cash, "es", b.desk)
	if err != nil || name != fmt.Sprintf("albaran-pedido-%d.pdf", cash) {
		t.Fatalf("slip %q: %v", name, err)
	}
	t.Run("the slip's text", func(t *testing.T) {
		text, _ := render(t, pdf)
		for _, want := range []string{fmt.Sprintf("Albarán del pedido #%d", cash), "Cobrar al entregar: 12,34 €", "Producto", "Unidades: 2"} {
			if !strings.Contains(text, want) {
				t.Errorf("%q missing from the slip:\n%s", want, text)
			}
		}
	})
	batch, _, n, err := b.parcels.PackingSlips(ctx, "", "es", b.desk)
	if err != nil || n != 2 || !bytes.HasPrefix(batch, []byte("%PDF-")) {
		t.Errorf("the day's slips: %d orders (%v), want 2 in a PDF", n, err)
	}
	if _, _, n, err := b.parcels.PackingSlips(ctx, "2020-01-01", "es", b.desk); err != nil || n != 1 {
		t.Errorf("another day's slips: %d (%v), want only the order being prepared", n, err)
	}
}

// render extracts a PDF's text (poppler's pdftotext) and rasterizes its
// first page (pdftoppm), as a printer would see it.
func render(t *testing.T, pdf []byte) (text, pagePNG string) {
	t.Helper()
	pdftotext, err1 := exec.LookPath("pdftotext")
	pdftoppm, err2 := exec.LookPath("pdftoppm")
	if err1 != nil || err2 != nil {
		t.Skip("poppler-utils (pdftotext, pdftoppm) is not installed; .ci/run installs it")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	if out, err := exec.Command(pdftoppm, "-r", "300", "-png", "-singlefile", "-f", "1", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	return string(out), filepath.Join(dir, "page.png")
}

// decodeBarcode reads the Code 128 barcode on a page image.
func decodeBarcode(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := oned.NewCode128Reader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("no Code 128 barcode on the label: %v", err)
	}
	return res.GetText()
}

// TestOrdersParcelFollowsItsShippingMethod: the label weighs what checkout
// weighed, a method the owner marked "label outside the platform" is
// shipped by hand, and an order collected at the store has no parcel.
func TestOrdersParcelFollowsItsShippingMethod(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})

	weighed := b.order(t, "card", `shipping_method = 'standard', shipping_kind = 'standard', shipping_weight_grams = 2350`)
	p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: weighed, By: b.desk})
	if err != nil {
		t.Fatal(err)
	}
	if p.WeightGrams != 2350 {
		t.Errorf("label of %d g, want the 2 350 g checkout weighed", p.WeightGrams)
	}

	b.exec(t, `UPDATE shipping_methods SET label_outside_platform = true WHERE code = 'standard'`)
	byHand := b.order(t, "card", `shipping_method = 'standard', shipping_kind = 'standard'`)
	var f *fault.Error
	if _, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: byHand, By: b.desk}); !errors.As(err, &f) || f.Reason != carrier.ReasonLabelOutside {
		t.Errorf("a method labelled outside the platform: %v, want %s", err, carrier.ReasonLabelOutside)
	}
	if d, err := b.parcels.OrderDesk(ctx, byHand); err != nil || !d.Outside {
		t.Errorf("the desk's view %+v (%v), want it outside the platform", d, err)
	}

	pickup := b.order(t, "card", `shipping_method = 'pickup_burela', shipping_kind = 'pickup', pickup_code = 'K7P3QX'`)
	if _, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: pickup, By: b.desk}); !errors.As(err, &f) || f.Reason != carrier.ReasonPickup {
		t.Errorf("a pickup order: %v, want %s", err, carrier.ReasonPickup)
	}
}

// TestPackingSlipNamesTheLots: the slip says, under each line, which lots
// to pick and their dates, as the order's preparation recorded them.
func TestPackingSlipNamesTheLots(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	id := b.order(t, "card", "")
	b.exec(t, `INSERT INTO lots (product_id, code, expires_on, date_type) VALUES ($1, 'L-2027-A', '2027-06-01', 'use_by')`, b.product)
	b.exec(t, `INSERT INTO order_line_lots (order_id, line_no, lot_id, quantity)
		SELECT $1, 1, id, 1 FROM lots WHERE product_id = $2`, id, b.product)
	pdf, _, err := b.parcels.PackingSlip(ctx, id, "es", b.desk)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := render(t, pdf)
	for _, want := range []string{"1 × Sin lote", "1 × Lote L-2027-A · caduca 01/06/2027"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q missing from the slip:\n%s", want, text)
		}
	}
}
