package cluster_test

// This file is long on purpose: it is one scenario (the failover run of
// issue 19) whose traffic, chaos and checks share the cluster and the
// records they compare; split, each part would need the others' state.

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/cluster"
	"github.com/sabores/sabores/backend/internal/mailtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Failover run parameters: about a minute of traffic, a replica killed
// every killEvery and restarted after downFor.
const (
	runFor    = 60 * time.Second
	killEvery = 9 * time.Second
	downFor   = 3 * time.Second
	shoppers  = 5
	// orderEvery keeps each shopper under the order rate limit (a burst of
	// 5, then one per 10 s), which the rate-limit check exercises apart.
	orderEvery = 11 * time.Second
	adminEmail = "boss@example.com"
	// freshWithin is how soon every replica must serve a new price.
	freshWithin = time.Second
)

// TestFailover drives shopping and back-office traffic through HAProxy
// while shopd replicas are killed (SIGKILL) and restarted one at a time,
// then checks: every acknowledged checkout is in the database, every
// order's e-mail reached the SMTP server exactly once, sign-ins crossed
// replicas, price changes reached every replica within a second, and the
// order and sign-in rate limits held across replicas. It needs bin/shopd,
// HAProxy and PostgreSQL 15's binaries; ./task cluster-test runs it.
func TestFailover(t *testing.T) {
	if os.Getenv("SABORES_CLUSTER_TEST") != "1" {
		t.Skip("the failover run starts two PostgreSQL servers, three shopd and HAProxy for minutes: run it with ./task cluster-test")
	}
	root := repoRoot(t)
	shopd := filepath.Join(root, "bin", "shopd")
	if _, err := os.Stat(shopd); err != nil {
		t.Fatalf("needs bin/shopd (./task build): %v", err)
	}
	ctx := t.Context()
	pit := mailtest.Start(t)
	google := newFakeGoogle(t)
	port := freePorts(t, 6)
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	started := time.Now()
	c, err := cluster.Start(ctx, cluster.Options{
		Dir: t.TempDir(), Shopd: shopd, Template: filepath.Join(root, "deploy", "haproxy.cfg"),
		Port: port, Replicas: 3, Logger: logger, ReplicaHeader: true,
		Env: []string{
			"SMTP_HOST=" + pit.SMTPHost, "SMTP_PORT=" + strconv.Itoa(pit.SMTPPort),
			"GOOGLE_ISSUER=" + google.srv.URL, "GOOGLE_CLIENT_ID=" + googleClientID, "GOOGLE_CLIENT_SECRET=" + googleClientSecret,
			"DEV_SIGNIN=false", "ADMIN_EMAILS=" + adminEmail,
			"ORDER_MAX_UNPAID=1000", "LOG_LEVEL=warn",
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Stop(context.Background()) })
	t.Logf("cluster up in %v: %s", time.Since(started).Round(time.Millisecond), c.URL())
	primary, err := pgxpool.New(ctx, c.PrimaryDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(primary.Close)
	// Enough stock that no checkout is refused for it.
	if _, err := primary.Exec(ctx, `UPDATE products SET stock = 100000 WHERE sold_online`); err != nil {
		t.Fatal(err)
	}
	var products []int64
	rows, err := primary.Query(ctx, `SELECT id FROM products WHERE sold_online ORDER BY id LIMIT 8`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		products = append(products, id)
	}
	if rows.Err() != nil || len(products) < 2 {
		t.Fatalf("seeded products: %v, %v", products, rows.Err())
	}

	grpcThroughTLS(t, c)

	lb := "http://" + net.JoinHostPort("localhost", strconv.Itoa(port))
	r := &run{t: t, c: c, lb: lb, primary: primary, products: products}

	// Sign everyone in before the chaos: the sign-in limit allows 30
	// requests a minute from one address, and all of them come from here.
	admin := r.signIn(adminEmail)
	people := make([]*http.Client, shoppers)
	for i := range people {
		people[i] = r.signIn(fmt.Sprintf("shopper%d@example.com", i))
	}

	runCtx, stop := context.WithTimeout(ctx, runFor)
	defer stop()
	var wg sync.WaitGroup
	for i, p := range people {
		wg.Go(func() { r.shop(runCtx, p, i) })
	}
	wg.Go(func() { r.browse(runCtx) })
	wg.Go(func() { r.backOffice(runCtx, admin) })
	wg.Go(func() { r.chaos(runCtx) })
	wg.Wait()
	for _, rep := range c.Replicas() {
		if err := cluster.WaitHealthy(ctx, rep.URL(), time.Minute); err != nil {
			t.Fatalf("%s after the run: %v", rep.Name, err)
		}
	}

	r.checkSignIns()
	r.checkReadRoutes(ctx)
	r.checkOrders(ctx)
	r.checkEmails(ctx, pit)
	r.checkPrices()
	r.checkOrderLimit(ctx)
	r.checkSignInLimit(ctx)
}

// run is the failover run's shared state and records.
type run struct {
	t        *testing.T
	c        *cluster.Cluster
	lb       string
	primary  *pgxpool.Pool
	products []int64

	// inflight counts checkouts sent and not yet answered: the chaos
	// kills while one is, so some checkouts lose their replica mid-call.
	inflight atomic.Int32

	mu sync.Mutex
	// signIns are the replicas each sign-in started and finished on.
	signIns [][2]string
	// acknowledged are the orders PlaceOrder answered with.
	acknowledged []int64
	// retried counts checkouts that needed more than one attempt.
	retried, failedAttempts int
	// freshness is how long each replica took to serve each new price.
	freshness []time.Duration
	stale     []string
	reads     int
	readFails int
	kills     int
	// killedMidCheckout counts kills made while a checkout was in flight.
	killedMidCheckout int
	adminOps          int
	adminErrs         []string
}

// browser is an HTTP client with a cookie jar that sends the shop's Origin
// (the CSRF check of cookie-authenticated calls wants it).
func (r *run) browser() *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		r.t.Fatal(err)
	}
	return &http.Client{Jar: jar, Timeout: 15 * time.Second, Transport: originTransport{origin: r.lb}}
}

type originTransport struct{ origin string }

func (o originTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Origin", o.origin)
	return http.DefaultTransport.RoundTrip(req)
}

// signIn signs email in through the load balancer with the Google flow
// and records which replica the flow started and finished on.
func (r *run) signIn(email string) *http.Client {
	r.t.Helper()
	b := r.browser()
	var login, callback string
	b.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		prev := via[len(via)-1]
		switch prev.URL.Path {
		case "/auth/login":
			login = req.Response.Header.Get("X-Sabores-Replica")
		case "/auth/callback":
			callback = req.Response.Header.Get("X-Sabores-Replica")
		}
		return nil
	}
	req, err := http.NewRequestWithContext(r.t.Context(), http.MethodGet, r.lb+"/auth/login?redirect=/", nil)
	if err != nil {
		r.t.Fatal(err)
	}
	req.Header.Set(emailHeader, email)
	res, err := b.Do(req)
	if err != nil {
		r.t.Fatalf("sign-in of %s: %v", email, err)
	}
	_ = res.Body.Close()
	u, _ := res.Request.URL.Parse("/")
	var session bool
	for _, ck := range b.Jar.Cookies(u) {
		session = session || ck.Name == "sabores_session"
	}
	if !session || login == "" || callback == "" {
		r.t.Fatalf("sign-in of %s ended on %s (status %d) with no session (login on %q, callback on %q)",
			email, res.Request.URL, res.StatusCode, login, callback)
	}
	r.mu.Lock()
	r.signIns = append(r.signIns, [2]string{login, callback})
	r.mu.Unlock()
	b.CheckRedirect = nil
	return b
}

// retryable says whether a failed call may be sent again: the replica died
// or was leaving (HAProxy's 502/503, a cut connection), not a refusal.
func retryable(err error) bool {
	switch connecttest.Code(err) {
	case connect.CodeUnavailable, connect.CodeUnknown, connect.CodeInternal, connect.CodeDeadlineExceeded, connect.CodeAborted:
		return true
	}
	return false
}

// shop places an order every orderEvery, retrying each checkout with its
// idempotency key as the storefront does until it is acknowledged.
func (r *run) shop(ctx context.Context, b *http.Client, i int) {
	orders := saboresv1connect.NewOrderServiceClient(b, r.lb)
	tick := time.NewTicker(orderEvery)
	defer tick.Stop()
	for n := 0; ; n++ {
		key := uuid.NewString()
		req := &saboresv1.PlaceOrderRequest{
			IdempotencyKey: key,
			Lines:          []*saboresv1.CartLineInput{{ProductId: r.products[(i+n)%len(r.products)], Quantity: 1}},
			Delivery: &saboresv1.DeliveryInput{Name: "Shopper " + strconv.Itoa(i), Email: fmt.Sprintf("shopper%d@example.com", i),
				Phone: "+34 600 000 000", Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
			PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
		}
		for attempt := 0; ; attempt++ {
			// A checkout under way is finished even after the run's end.
			r.inflight.Add(1)
			res, err := orders.PlaceOrder(context.WithoutCancel(ctx), connect.NewRequest(req))
			r.inflight.Add(-1)
			if err == nil {
				r.mu.Lock()
				r.acknowledged = append(r.acknowledged, res.Msg.GetOrder().GetId())
				if attempt > 0 {
					r.retried++
				}
				r.mu.Unlock()
				break
			}
			r.mu.Lock()
			r.failedAttempts++
			r.mu.Unlock()
			if !retryable(err) || attempt == 20 {
				r.t.Errorf("shopper %d: checkout %s failed for good after %d attempts: %v", i, key, attempt+1, err)
				break
			}
			time.Sleep(250 * time.Millisecond)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// browse reads the catalogue through the load balancer, as shoppers do
// (Connect GET, cacheable), counting answers that failed.
func (r *run) browse(ctx context.Context) {
	catalog := saboresv1connect.NewCatalogServiceClient(&http.Client{Timeout: 5 * time.Second}, r.lb, connect.WithHTTPGet())
	for ctx.Err() == nil {
		_, err := catalog.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Page: 1, PageSize: 12}))
		r.mu.Lock()
		r.reads++
		if err != nil && ctx.Err() == nil {
			r.readFails++
		}
		r.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
}

// backOffice changes a price every few seconds through the load balancer,
// then measures how long each running replica takes to serve it, and reads
// the order list as staff would.
func (r *run) backOffice(ctx context.Context, b *http.Client) {
	desk := saboresv1connect.NewAdminOrderServiceClient(b, r.lb)
	admin := saboresv1connect.NewAdminProductServiceClient(b, r.lb)
	product := r.products[0]
	for n := 1; ctx.Err() == nil; n++ {
		r.mu.Lock()
		r.adminOps++
		r.mu.Unlock()
		if _, err := desk.ListOrders(ctx, connect.NewRequest(&saboresv1.ListOrdersRequest{})); err != nil && ctx.Err() == nil {
			r.noteAdminError("ListOrders", err)
		}
		cents := int64(1000 + n*7 + rand.IntN(5))
		if err := r.setPrice(ctx, admin, product, cents); err != nil {
			if ctx.Err() == nil {
				r.noteAdminError("UpdateProduct", err)
			}
			continue
		}
		changed := time.Now()
		var wg sync.WaitGroup
		for _, rep := range r.c.Replicas() {
			wg.Go(func() { r.watchPrice(rep, product, cents, changed) })
		}
		wg.Wait()
		select {
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
	}
}

func (r *run) noteAdminError(what string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.adminErrs = append(r.adminErrs, what+": "+err.Error())
}

// setPrice changes product's price, retrying while replicas die.
func (r *run) setPrice(ctx context.Context, admin saboresv1connect.AdminProductServiceClient, product, cents int64) error {
	var p *saboresv1.AdminProduct
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		var res *connect.Response[saboresv1.GetAdminProductResponse]
		res, err = admin.GetAdminProduct(ctx, connect.NewRequest(&saboresv1.GetAdminProductRequest{Id: product}))
		if err == nil {
			p = res.Msg.GetProduct()
			_, err = admin.UpdateProduct(ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{
				Id: product, Price: decimal(cents), VatRate: decimal(int64(p.GetVatBasisPoints())),
				OnlineCategories: p.GetOnlineCategories(),
			}))
		}
		if err == nil || !retryable(err) {
			return err
		}
		time.Sleep(250 * time.Millisecond)
	}
	return err
}

// watchPrice polls one replica directly until it serves cents, recording
// how long that took; a replica that is down is skipped.
func (r *run) watchPrice(rep *cluster.Replica, product, cents int64, changed time.Time) {
	catalog := saboresv1connect.NewCatalogServiceClient(&http.Client{Timeout: time.Second}, rep.URL(), connect.WithHTTPGet())
	for time.Since(changed) < 5*time.Second {
		res, err := catalog.GetProduct(context.Background(), connect.NewRequest(&saboresv1.GetProductRequest{Id: product}))
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) || connecttest.Code(err) == connect.CodeUnavailable {
				return // down or restarting: it starts with empty caches
			}
		} else if res.Msg.GetProduct().GetPriceCents() == cents {
			r.mu.Lock()
			r.freshness = append(r.freshness, time.Since(changed))
			r.mu.Unlock()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	r.mu.Lock()
	r.stale = append(r.stale, fmt.Sprintf("%s still served an old price of product %d 5 s after the change to %d", rep.Name, product, cents))
	r.mu.Unlock()
}

// chaos kills one replica at a time (SIGKILL), restarts it after downFor
// and waits until it is healthy before the next.
func (r *run) chaos(ctx context.Context) {
	reps := r.c.Replicas()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-time.After(killEvery):
		}
		// Wait (a little) for a checkout in flight: with round robin, one in
		// three such kills takes the replica serving it.
		midCheckout := false
		for wait := time.Now().Add(3 * time.Second); time.Now().Before(wait); time.Sleep(time.Millisecond) {
			if midCheckout = r.inflight.Load() > 0; midCheckout {
				break
			}
		}
		rep := reps[i%len(reps)]
		rep.Kill()
		r.mu.Lock()
		r.kills++
		if midCheckout {
			r.killedMidCheckout++
		}
		r.mu.Unlock()
		r.t.Logf("%v: killed %s", time.Now().Format("15:04:05.000"), rep.Name)
		time.Sleep(downFor)
		if err := rep.Start(); err != nil {
			r.t.Errorf("restart %s: %v", rep.Name, err)
			return
		}
		if err := cluster.WaitHealthy(context.WithoutCancel(ctx), rep.URL(), time.Minute); err != nil {
			r.t.Errorf("%s after restart: %v", rep.Name, err)
			return
		}
		r.t.Logf("%v: %s back", time.Now().Format("15:04:05.000"), rep.Name)
	}
}

func (r *run) checkSignIns() {
	crossed := 0
	for _, s := range r.signIns {
		if s[0] != s[1] {
			crossed++
		}
	}
	r.t.Logf("sign-ins: %d, %d finished on another replica than they started on", len(r.signIns), crossed)
	if crossed == 0 {
		r.t.Errorf("no sign-in crossed replicas: %v", r.signIns)
	}
}

// checkReadRoutes reads each replica's /metrics: catalogue statements ran
// on the read replica (else every freshness check above would prove
// nothing about it), and some on the primary after changes.
func (r *run) checkReadRoutes(ctx context.Context) {
	pattern := regexp.MustCompile(`(?m)^sabores_read_route_(statements_total\{server="(\w+)"\}|waited_total) (\S+)$`)
	var onReplica, onPrimary, waited float64
	for _, rep := range r.c.Replicas() {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, rep.URL()+"/metrics", nil)
		if err != nil {
			r.t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			r.t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if err != nil {
			r.t.Fatal(err)
		}
		for _, m := range pattern.FindAllStringSubmatch(string(body), -1) {
			v, _ := strconv.ParseFloat(m[3], 64)
			switch m[2] {
			case "replica":
				onReplica += v
			case "primary":
				onPrimary += v
			default:
				waited += v
			}
		}
	}
	r.t.Logf("catalogue statements since the last restart of each shopd: %.0f on the read replica (%.0f after waiting for replay), %.0f on the primary",
		onReplica, waited, onPrimary)
	if onReplica == 0 {
		r.t.Error("no catalogue statement ran on the read replica")
	}
}

func (r *run) checkOrders(ctx context.Context) {
	var found int
	if err := r.primary.QueryRow(ctx, `SELECT count(*) FROM orders WHERE id = ANY($1)`, r.acknowledged).Scan(&found); err != nil {
		r.t.Fatal(err)
	}
	r.t.Logf("checkouts acknowledged: %d (%d needed a retry, %d failed attempts in all); in the database: %d; kills: %d (%d while a checkout was in flight)",
		len(r.acknowledged), r.retried, r.failedAttempts, found, r.kills, r.killedMidCheckout)
	if found != len(r.acknowledged) || len(r.acknowledged) == 0 {
		r.t.Errorf("%d acknowledged orders, %d of them in the database", len(r.acknowledged), found)
	}
	var dupes int
	if err := r.primary.QueryRow(ctx, `SELECT count(*) FROM (SELECT idempotency_key FROM orders GROUP BY 1 HAVING count(*) > 1) d`).Scan(&dupes); err != nil {
		r.t.Fatal(err)
	}
	if dupes > 0 {
		r.t.Errorf("%d checkouts were placed twice", dupes)
	}
	r.t.Logf("catalogue reads through the load balancer: %d, failed: %d; back-office rounds: %d, errors: %v",
		r.reads, r.readFails, r.adminOps, r.adminErrs)
	// A read never fails for a replica's death: HAProxy sends a GET that
	// could not connect, or got no answer, to another replica.
	if r.readFails > 0 {
		r.t.Errorf("%d of %d catalogue reads failed", r.readFails, r.reads)
	}
}

// checkEmails waits until every order's e-mail was sent, then checks
// Mailpit caught each Message-ID exactly once.
func (r *run) checkEmails(ctx context.Context, pit *mailtest.Server) {
	deadline := time.Now().Add(90 * time.Second)
	var want []string
	for {
		want = want[:0]
		rows, err := r.primary.Query(ctx, `SELECT message_id, sent_at IS NOT NULL FROM outbound_emails WHERE order_id = ANY($1)`, r.acknowledged)
		if err != nil {
			r.t.Fatal(err)
		}
		unsent := 0
		for rows.Next() {
			var id string
			var sent bool
			if err := rows.Scan(&id, &sent); err != nil {
				r.t.Fatal(err)
			}
			want = append(want, id)
			if !sent {
				unsent++
			}
		}
		if rows.Err() != nil {
			r.t.Fatal(rows.Err())
		}
		if unsent == 0 && len(want) >= len(r.acknowledged) {
			break
		}
		if time.Now().After(deadline) {
			r.t.Errorf("%d e-mails of %d orders, %d not sent 90 s after the run", len(want), len(r.acknowledged), unsent)
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	caught := map[string]int{}
	for _, m := range pit.Messages(r.t) {
		caught["<"+m.MessageID+">"]++
		caught[m.MessageID]++
	}
	missing, twice := 0, 0
	for _, id := range want {
		switch n := caught[id]; {
		case n == 0:
			missing++
		case n > 1:
			twice++
		}
	}
	r.t.Logf("e-mails: %d expected, %d caught by Mailpit, %d missing, %d more than once", len(want), len(pit.Messages(r.t)), missing, twice)
	if missing > 0 || twice > 0 {
		r.t.Errorf("e-mails: %d missing, %d sent more than once", missing, twice)
	}
}

func (r *run) checkPrices() {
	if len(r.freshness) == 0 {
		r.t.Error("no price change was watched")
		return
	}
	slices.Sort(r.freshness)
	worst := r.freshness[len(r.freshness)-1]
	r.t.Logf("price changes seen on replicas: %d, median %v, worst %v", len(r.freshness),
		r.freshness[len(r.freshness)/2].Round(time.Millisecond), worst.Round(time.Millisecond))
	for _, s := range r.stale {
		r.t.Error(s)
	}
	if worst > freshWithin {
		r.t.Errorf("a replica served the old price for %v after the change (limit %v)", worst, freshWithin)
	}
}

// checkOrderLimit: a new shopper sends 15 checkouts at once through the
// load balancer, spread over the three replicas; the limit (a burst of 5)
// must hold for the shop, not for each replica.
func (r *run) checkOrderLimit(ctx context.Context) {
	b := r.signIn("hoarder@example.com")
	orders := saboresv1connect.NewOrderServiceClient(b, r.lb)
	placed, limited := 0, 0
	for i := range 15 {
		_, err := orders.PlaceOrder(ctx, connect.NewRequest(&saboresv1.PlaceOrderRequest{
			IdempotencyKey: uuid.NewString(),
			Lines:          []*saboresv1.CartLineInput{{ProductId: r.products[i%len(r.products)], Quantity: 1}},
			Delivery: &saboresv1.DeliveryInput{Name: "Hoarder", Email: "hoarder@example.com",
				Phone: "+34 600 000 000", Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
			PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
		}))
		switch {
		case err == nil:
			placed++
		case connecttest.Code(err) == connect.CodeResourceExhausted:
			limited++
		default:
			r.t.Errorf("checkout %d of the burst: %v", i, err)
		}
	}
	r.t.Logf("order limit: 15 checkouts at once through 3 replicas: %d placed, %d refused", placed, limited)
	if placed > 6 {
		r.t.Errorf("the order limit (a burst of 5) let %d checkouts through across the replicas", placed)
	}
}

// checkSignInLimit: sign-in attempts from one address through the load
// balancer are limited to 30 a minute in all, whichever replica counts them.
func (r *run) checkSignInLimit(ctx context.Context) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	// The limit counts in fixed one-minute windows: keep the 40 attempts
	// (well under a second) inside one.
	if s := time.Now().Second(); s >= 55 {
		time.Sleep(time.Duration(61-s) * time.Second)
	}
	allowed := 0
	for range 40 {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.lb+"/auth/login", nil)
		if err != nil {
			r.t.Fatal(err)
		}
		res, err := client.Do(req)
		if err != nil {
			r.t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusTooManyRequests {
			allowed++
		}
	}
	r.t.Logf("sign-in limit: 40 attempts through 3 replicas, %d allowed", allowed)
	if allowed >= 30 {
		r.t.Errorf("the sign-in limit (30 a minute per address) allowed %d more after the run's sign-ins", allowed)
	}
}

// decimal formats hundredths as the back office's fields take them.
func decimal(hundredths int64) string {
	return fmt.Sprintf("%d,%02d", hundredths/100, hundredths%100)
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test")
		}
		dir = parent
	}
}

// freePorts finds n consecutive free loopback ports and returns the first.
func freePorts(t *testing.T, n int) int {
	t.Helper()
	for range 50 {
		base := 20000 + rand.IntN(20000)
		ok := true
		for p := base; p < base+n && ok; p++ {
			ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
			if err != nil {
				ok = false
				continue
			}
			_ = ln.Close()
		}
		if ok {
			return base
		}
	}
	t.Fatal("no free block of ports")
	return 0
}

// grpcThroughTLS makes a native gRPC call through HAProxy's TLS listener,
// as an integrator's client would: HTTP/2 negotiated by ALPN, the
// certificate checked, then HTTP/2 cleartext on to a replica (proto h2).
func grpcThroughTLS(t *testing.T, c *cluster.Cluster) {
	t.Helper()
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: c.Trust(), MinVersion: tls.VersionTLS12}, ForceAttemptHTTP2: true}
	t.Cleanup(transport.CloseIdleConnections)
	var proto string
	client := saboresv1connect.NewCatalogServiceClient(&http.Client{Transport: recordProto{transport, &proto}}, c.TLSURL(), connect.WithGRPC())
	res, err := client.ListCategories(t.Context(), connect.NewRequest(&saboresv1.ListCategoriesRequest{}))
	if err != nil {
		t.Fatalf("gRPC through HAProxy's TLS listener: %v", err)
	}
	if proto != "HTTP/2.0" || len(res.Msg.GetCategories()) == 0 {
		t.Fatalf("gRPC through HAProxy's TLS listener: %s, %d categories", proto, len(res.Msg.GetCategories()))
	}
	t.Logf("gRPC over TLS through HAProxy (%s): %d categories", proto, len(res.Msg.GetCategories()))
}

// recordProto notes the HTTP version of the last response.
type recordProto struct {
	next  http.RoundTripper
	proto *string
}

func (r recordProto) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := r.next.RoundTrip(req)
	if err == nil {
		*r.proto = res.Proto
	}
	return res, err
}
