package adminvisibilityapi_test

// This file is long on purpose: the visibility rules (add, change,
// remove, batches, concurrency) share one fixture and its audit counts.

import (
	"context"
	"errors"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/adminvisibilityapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/visibility"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

const (
	online   = saboresv1.SalesChannel_SALES_CHANNEL_ONLINE
	physical = saboresv1.SalesChannel_SALES_CHANNEL_PHYSICAL
	both     = saboresv1.SalesChannel_SALES_CHANNEL_BOTH
	none     = saboresv1.SalesChannel_SALES_CHANNEL_NONE

	added     = saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_ADDED
	updated   = saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UPDATED
	removed   = saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_REMOVED
	unchanged = saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UNCHANGED
)

// fixture is a small catalogue: two countries and four products, of which
// Guaraná is visible online in Brasil and Pão de queijo hidden there.
type fixture struct {
	pool  *pgxpool.Pool
	svc   *adminvisibilityapi.Handler
	ctx   context.Context
	admin int64
}

func setup(t *testing.T) fixture {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	var adminID int64
	err := pool.QueryRow(ctx, `
		WITH c AS (INSERT INTO companies (name) VALUES ('Sabores')),
		     co AS (INSERT INTO countries (slug, name, sort_order) VALUES
		            ('brasil', 'Brasil', 1), ('colombia', 'Colombia', 2)),
		     p AS (INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points) VALUES
		            (1001, 'Guaraná Antarctica', 'BR-GUA', 'SKU-1001', 'bebidas', 250, 1000),
		            (1002, 'Açaí congelado', 'BR-ACA', 'SKU-1002', 'congelados', 650, 1000),
		            (1003, 'Pão de queijo', 'BR-PAO', 'SKU-1003', 'congelados', 450, 1000),
		            (2001, 'Harina P.A.N. 100%_maíz', 'CO-PAN', 'SKU-2001', 'alimentos', 320, 400))
		INSERT INTO users (issuer, subject, email, full_name)
		VALUES ('https://dev.sabores.local', 'dev-admin', 'admin@sabores.es', 'Admin Sabores')
		RETURNING id`).Scan(&adminID)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	if _, err := pool.Exec(ctx, `
		INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel) VALUES
		(1001, 'brasil', true, 'online'), (1003, 'brasil', false, 'both')`); err != nil {
		t.Fatalf("fixture visibility: %v", err)
	}
	ctx = auth.WithPrincipal(ctx, auth.Principal{UserID: adminID, Email: "admin@sabores.es", Role: auth.RoleAdmin})
	return fixture{pool: pool, svc: adminvisibilityapi.New(visibility.New(pool), catalogue.New(pool), pool), ctx: ctx, admin: adminID}
}

func (f fixture) set(t *testing.T, product int64, country string, ch saboresv1.SalesChannel) *saboresv1.SetProductChannelResponse {
	t.Helper()
	res, err := f.svc.SetProductChannel(f.ctx, connect.NewRequest(&saboresv1.SetProductChannelRequest{
		ProductId: product, Country: country, Channel: ch,
	}))
	if err != nil {
		t.Fatalf("SetProductChannel(%d, %s, %v): %v", product, country, ch, err)
	}
	return res.Msg
}

// record reads the stored visibility of a product in a country.
func (f fixture) record(t *testing.T, product int64, country string) (visible bool, channel string, updatedBy *int64, found bool) {
	t.Helper()
	err := f.pool.QueryRow(context.Background(), `
		SELECT is_visible, sales_channel, updated_by FROM product_country_visibility
		WHERE product_id = $1 AND country_slug = $2`, product, country).Scan(&visible, &channel, &updatedBy)
	if err != nil {
		return false, "", nil, false
	}
	return visible, channel, updatedBy, true
}

func (f fixture) auditCount(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_events`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSetProductChannelTransitions(t *testing.T) {
	t.Parallel()
	f := setup(t)

	// No record: a channel inserts one, visible.
	res := f.set(t, 1002, "brasil", physical)
	if res.Outcome != added || res.Product == nil || !res.Product.Visible || res.Product.Channel != physical {
		t.Errorf("insert: %v %+v, want ADDED visible physical", res.Outcome, res.Product)
	}
	if v, ch, by, ok := f.record(t, 1002, "brasil"); !ok || !v || ch != "physical" || by == nil || *by != f.admin {
		t.Errorf("stored after insert: visible=%v channel=%s by=%v found=%v", v, ch, by, ok)
	}

	// Existing record: another channel updates it.
	if res := f.set(t, 1001, "brasil", both); res.Outcome != updated || res.Product.Channel != both {
		t.Errorf("update: %v %+v, want UPDATED both", res.Outcome, res.Product)
	}
	// A hidden record becomes visible with the channel.
	if res := f.set(t, 1003, "brasil", both); res.Outcome != updated || !res.Product.Visible {
		t.Errorf("hidden to visible: %v %+v, want UPDATED visible", res.Outcome, res.Product)
	}
	// Same channel again changes nothing and records nothing.
	before := f.auditCount(t)
	if res := f.set(t, 1001, "brasil", both); res.Outcome != unchanged {
		t.Errorf("same channel: %v, want UNCHANGED", res.Outcome)
	}
	if f.auditCount(t) != before {
		t.Error("an unchanged channel wrote an audit event")
	}

	// None deletes the record.
	if res := f.set(t, 1001, "brasil", none); res.Outcome != removed || res.Product != nil {
		t.Errorf("remove: %v %+v, want REMOVED and no product", res.Outcome, res.Product)
	}
	if _, _, _, ok := f.record(t, 1001, "brasil"); ok {
		t.Error("the record survived SALES_CHANNEL_NONE")
	}
	// None without a record changes nothing.
	if res := f.set(t, 1001, "brasil", none); res.Outcome != unchanged {
		t.Errorf("remove twice: %v, want UNCHANGED", res.Outcome)
	}
}

func TestSetProductChannelAudit(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.set(t, 1001, "brasil", physical)
	f.set(t, 1001, "brasil", none)
	rows, err := f.pool.Query(context.Background(), `
		SELECT actor, actor_user_id, action, entity, old_value::text, coalesce(new_value::text, '')
		FROM audit_events ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	type event struct {
		actor          string
		userID         *int64
		action, entity string
		old, new       string
	}
	var got []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.actor, &e.userID, &e.action, &e.entity, &e.old, &e.new); err != nil {
			t.Fatal(err)
		}
		got = append(got, e)
	}
	want := []event{
		{"admin@sabores.es", &f.admin, "visibility.set", "product:1001@brasil",
			`{"channel": "online", "visible": true}`, `{"channel": "physical", "visible": true}`},
		{"admin@sabores.es", &f.admin, "visibility.remove", "product:1001@brasil",
			`{"channel": "physical", "visible": true}`, ``},
	}
	if len(got) != len(want) {
		t.Fatalf("audit events = %+v, want %d", got, len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.actor != w.actor || g.userID == nil || *g.userID != *w.userID || g.action != w.action ||
			g.entity != w.entity || g.old != w.old || g.new != w.new {
			t.Errorf("audit[%d] = %+v (user %v), want %+v", i, g, g.userID, w)
		}
	}
}

func TestSetProductChannelUnknown(t *testing.T) {
	t.Parallel()
	f := setup(t)
	for _, tt := range []struct {
		product int64
		country string
		reason  string
	}{
		{999999, "brasil", "PRODUCT_NOT_FOUND"},
		{1001, "atlantida", "COUNTRY_NOT_FOUND"},
	} {
		_, err := f.svc.SetProductChannel(f.ctx, connect.NewRequest(&saboresv1.SetProductChannelRequest{
			ProductId: tt.product, Country: tt.country, Channel: online,
		}))
		code, reason := connecttest.Detail(t, err)
		if code != connect.CodeNotFound || reason != tt.reason {
			t.Errorf("(%d, %s): %v %s, want NotFound %s", tt.product, tt.country, code, reason, tt.reason)
		}
	}
}

func TestBatchSetVisibilityAtomic(t *testing.T) {
	t.Parallel()
	f := setup(t)
	before := f.auditCount(t)
	_, err := f.svc.BatchSetVisibility(f.ctx, connect.NewRequest(&saboresv1.BatchSetVisibilityRequest{
		Changes: []*saboresv1.VisibilityChange{
			{ProductId: 1002, Country: "brasil", Channel: online},
			{ProductId: 1001, Country: "brasil", Channel: none},
			{ProductId: 424242, Country: "brasil", Channel: both},
		},
	}))
	code, reason := connecttest.Detail(t, err)
	if code != connect.CodeNotFound || reason != "PRODUCT_NOT_FOUND" {
		t.Fatalf("bad batch: %v %s, want NotFound PRODUCT_NOT_FOUND", code, reason)
	}
	var biz *fault.Error
	if errors.As(err, &biz) && (biz.Metadata["change_index"] != "2" || biz.Metadata["product_id"] != "424242") {
		t.Errorf("error metadata %v does not name change 2, product 424242", biz.Metadata)
	}
	// Nothing of the batch stayed.
	if _, _, _, ok := f.record(t, 1002, "brasil"); ok {
		t.Error("change 0 was kept although change 2 failed")
	}
	if v, ch, _, ok := f.record(t, 1001, "brasil"); !ok || !v || ch != "online" {
		t.Error("change 1 was kept although change 2 failed")
	}
	if f.auditCount(t) != before {
		t.Error("a rolled-back batch left audit events")
	}

	res, err := f.svc.BatchSetVisibility(f.ctx, connect.NewRequest(&saboresv1.BatchSetVisibilityRequest{
		Changes: []*saboresv1.VisibilityChange{
			{ProductId: 1002, Country: "brasil", Channel: online},
			{ProductId: 1001, Country: "brasil", Channel: none},
			{ProductId: 2001, Country: "colombia", Channel: both},
			{ProductId: 2001, Country: "colombia", Channel: both},
		},
	}))
	if err != nil {
		t.Fatalf("good batch: %v", err)
	}
	want := []saboresv1.VisibilityOutcome{added, removed, added, unchanged}
	for i, o := range res.Msg.Outcomes {
		if i >= len(want) || o != want[i] {
			t.Fatalf("outcomes = %v, want %v", res.Msg.Outcomes, want)
		}
	}
}

func TestListCountryProducts(t *testing.T) {
	t.Parallel()
	f := setup(t)
	f.set(t, 2001, "brasil", online)

	list := func(filter string, page, size int32) *saboresv1.ListCountryProductsResponse {
		t.Helper()
		res, err := f.svc.ListCountryProducts(f.ctx, connect.NewRequest(&saboresv1.ListCountryProductsRequest{
			Country: "brasil", Filter: filter, Page: page, PageSize: size,
		}))
		if err != nil {
			t.Fatalf("list %q: %v", filter, err)
		}
		return res.Msg
	}
	all := list("", 0, 0)
	if all.TotalSize != 3 || len(all.Products) != 3 || all.Country.GetName() != "Brasil" {
		t.Fatalf("brasil: total %d, %d products, country %v; want 3, 3, Brasil", all.TotalSize, len(all.Products), all.Country)
	}
	names := []string{all.Products[0].Product.Name, all.Products[1].Product.Name, all.Products[2].Product.Name}
	if names[0] != "Guaraná Antarctica" || names[1] != "Harina P.A.N. 100%_maíz" || names[2] != "Pão de queijo" {
		t.Errorf("order = %v, want by name", names)
	}
	if p := all.Products[2]; p.Visible || p.Channel != both {
		t.Errorf("hidden product shown as visible=%v channel=%v", p.Visible, p.Channel)
	}

	for _, tt := range []struct {
		filter string
		want   int32
	}{
		{"guarana", 1}, // accent-insensitive
		{"GUARANÁ", 1}, // case-insensitive
		{"br-pao", 1},  // code
		{"sku-100", 2}, // SKU
		{"100%", 1},    // % is a character, not a wildcard
		{"0%_m", 1},    // so is _
		{"%", 1},       // only the product whose name has a %
		{"_", 1},       // only the product whose name has a _
		{"tequila", 0}, // nothing
		{"  guarana ", 1},
	} {
		if got := list(tt.filter, 0, 0); got.TotalSize != tt.want || int32(len(got.Products)) != tt.want {
			t.Errorf("filter %q: total %d, %d products; want %d", tt.filter, got.TotalSize, len(got.Products), tt.want)
		}
	}

	page2 := list("", 2, 2)
	if page2.TotalSize != 3 || len(page2.Products) != 1 || page2.Products[0].Product.Name != "Pão de queijo" {
		t.Errorf("page 2 of 2: total %d, %v", page2.TotalSize, page2.Products)
	}

	_, err := f.svc.ListCountryProducts(f.ctx, connect.NewRequest(&saboresv1.ListCountryProductsRequest{Country: "atlantida"}))
	if code, _ := connecttest.Detail(t, err); code != connect.CodeNotFound {
		t.Errorf("unknown country: %v, want NotFound", code)
	}
}

func TestSearchAddableProducts(t *testing.T) {
	t.Parallel()
	f := setup(t)
	search := func(q string) []string {
		t.Helper()
		res, err := f.svc.SearchAddableProducts(f.ctx, connect.NewRequest(&saboresv1.SearchAddableProductsRequest{
			Country: "brasil", Query: q,
		}))
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		var names []string
		for _, p := range res.Msg.Products {
			names = append(names, p.Name)
		}
		return names
	}
	// Guaraná is visible in Brasil: not addable. Pão de queijo is hidden there: addable.
	got := search("br-")
	if len(got) != 2 || got[0] != "Açaí congelado" || got[1] != "Pão de queijo" {
		t.Errorf("addable br- = %v, want Açaí congelado and Pão de queijo", got)
	}
	if got := search("acai"); len(got) != 1 {
		t.Errorf("accent-insensitive search = %v, want Açaí", got)
	}
	if got := search("guarana"); len(got) != 0 {
		t.Errorf("a product visible in the country is offered: %v", got)
	}
	_, err := f.svc.SearchAddableProducts(f.ctx, connect.NewRequest(&saboresv1.SearchAddableProductsRequest{
		Country: "brasil", Query: " a ",
	}))
	if code, _ := connecttest.Detail(t, err); code != connect.CodeInvalidArgument {
		t.Errorf("one letter between blanks: %v, want InvalidArgument", code)
	}
}

// TestConcurrentChangesSerialise: many admins adding the same product to the
// same country at once get one ADDED and the rest UNCHANGED, never a
// duplicate-key error.
func TestConcurrentChangesSerialise(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const n = 8
	outcomes := make(chan saboresv1.VisibilityOutcome, n)
	errs := make(chan error, n)
	for range n {
		go func() {
			res, err := f.svc.SetProductChannel(f.ctx, connect.NewRequest(&saboresv1.SetProductChannelRequest{
				ProductId: 1002, Country: "colombia", Channel: both,
			}))
			if err != nil {
				errs <- err
				return
			}
			outcomes <- res.Msg.Outcome
		}()
	}
	var addedCount, unchangedCount int
	for range n {
		select {
		case err := <-errs:
			t.Errorf("concurrent change failed: %v", err)
		case o := <-outcomes:
			switch o {
			case added:
				addedCount++
			case unchanged:
				unchangedCount++
			}
		}
	}
	if addedCount != 1 || unchangedCount != n-1 {
		t.Errorf("%d ADDED and %d UNCHANGED, want 1 and %d", addedCount, unchangedCount, n-1)
	}
}

// A batch looks each country up once, and still names the change whose
// country does not exist.
func TestBatchSetVisibilityUnknownCountry(t *testing.T) {
	t.Parallel()
	f := setup(t)
	_, err := f.svc.BatchSetVisibility(f.ctx, connect.NewRequest(&saboresv1.BatchSetVisibilityRequest{
		Changes: []*saboresv1.VisibilityChange{
			{ProductId: 1002, Country: "brasil", Channel: online},
			{ProductId: 1003, Country: "brasil", Channel: online},
			{ProductId: 2001, Country: "atlantida", Channel: online},
		},
	}))
	code, reason := connecttest.Detail(t, err)
	if code != connect.CodeNotFound || reason != "COUNTRY_NOT_FOUND" {
		t.Fatalf("bad batch: %v %s, want NotFound COUNTRY_NOT_FOUND", code, reason)
	}
	var biz *fault.Error
	if !errors.As(err, &biz) || biz.Metadata["change_index"] != "2" || biz.Metadata["country"] != "atlantida" {
		t.Errorf("error %v does not name change 2, country atlantida", err)
	}
	if _, _, _, ok := f.record(t, 1002, "brasil"); ok {
		t.Error("change 0 was kept although change 2 failed")
	}
}
