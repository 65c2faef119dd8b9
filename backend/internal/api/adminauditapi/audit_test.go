package adminauditapi_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminauditapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestListAuditEventsNewestFirst: a product's price, VAT and categories
// changed at once are three audit rows, listed newest first.
func TestListAuditEventsNewestFirst(t *testing.T) {
	t.Parallel()
	s := admintest.NewShop(t)
	if _, err := catalogue.New(s.Pool).UpdatePricing(s.Ctx, auth.Caller(s.Ctx), 1001, catalogue.Pricing{
		PriceCents: 275, VatBasisPoints: 2100, OnlineCategories: []string{"bebidas", "populares"},
	}); err != nil {
		t.Fatal(err)
	}
	events, err := adminauditapi.New(s.Pool).ListAuditEvents(s.Ctx, connect.NewRequest(&saboresv1.ListAuditEventsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if events.Msg.TotalSize != 3 || events.Msg.Events[0].Action != "product.online_categories" {
		t.Errorf("ListAuditEvents: total %d, first %v; want 3, newest first", events.Msg.TotalSize, events.Msg.Events[0])
	}
}

// auditEvents is the audit trail as a list paged both ways by token.
func auditEvents(h *adminauditapi.Handler) admintest.KeysetList {
	return admintest.KeysetList{
		Name:  "audit events",
		Order: `SELECT id FROM audit_events ORDER BY created_at DESC, id DESC`,
		Page: func(ctx context.Context, token string, size int32) ([]int64, string, string, error) {
			res, err := h.ListAuditEvents(ctx, connect.NewRequest(&saboresv1.ListAuditEventsRequest{PageToken: token, PageSize: size}))
			if err != nil {
				return nil, "", "", err
			}
			var ids []int64
			for _, e := range res.Msg.Events {
				ids = append(ids, e.Id)
			}
			return ids, res.Msg.NextPageToken, res.Msg.PreviousPageToken, nil
		},
	}
}

// TestKeysetWalk: the audit trail walks forward and back by token, every
// event once in order (admintest.CheckKeysetWalk).
func TestKeysetWalk(t *testing.T) {
	t.Parallel()
	pool := admintest.KeysetShop(t)
	admintest.CheckKeysetWalk(t, pool, auditEvents(adminauditapi.New(pool)))
}

// TestKeysetBadToken: a page_token the audit trail did not give is
// InvalidArgument naming page_token (admintest.CheckKeysetBadToken).
func TestKeysetBadToken(t *testing.T) {
	t.Parallel()
	admintest.CheckKeysetBadToken(t, auditEvents(adminauditapi.New(admintest.KeysetShop(t))))
}

// TestListAuditEventsFilters: the audit screen filters by actor, by action
// and by Madrid days, counting what it keeps, and tells a key's change
// from a session's.
func TestListAuditEventsFilters(t *testing.T) {
	t.Parallel()
	s := admintest.NewShop(t)
	ctx := context.Background()
	if _, err := s.Pool.Exec(ctx, `INSERT INTO audit_events (actor, action, entity, created_at) VALUES
		('admin@sabores.es', 'product.price', 'product:1001', '2026-03-01 23:30+00'),
		('admin@sabores.es', 'product.publish', 'product:1002', '2026-03-02 10:00+01'),
		('api-key:7', 'product.price', 'product:2001', '2026-03-02 12:00+01'),
		('other@sabores.es', 'order.advance', 'order:5', '2026-03-03 09:00+01')`); err != nil {
		t.Fatal(err)
	}
	h := adminauditapi.New(s.Pool)
	for _, tc := range []struct {
		name string
		req  *saboresv1.ListAuditEventsRequest
		want []string
	}{
		{"actor", &saboresv1.ListAuditEventsRequest{Actor: "ADMIN@"}, []string{"product:1002", "product:1001"}},
		{"action prefix", &saboresv1.ListAuditEventsRequest{Action: "product."}, []string{"product:2001", "product:1002", "product:1001"}},
		{"exact action", &saboresv1.ListAuditEventsRequest{Action: "product.price"}, []string{"product:2001", "product:1001"}},
		// 23:30 UTC on 1 March is 00:30 on 2 March in Madrid.
		{"one Madrid day", &saboresv1.ListAuditEventsRequest{FromDay: "2026-03-02", ToDay: "2026-03-02"}, []string{"product:2001", "product:1002", "product:1001"}},
		{"from a day", &saboresv1.ListAuditEventsRequest{FromDay: "2026-03-03"}, []string{"order:5"}},
		{"a key's changes", &saboresv1.ListAuditEventsRequest{Actor: "api-key:"}, []string{"product:2001"}},
	} {
		res, err := h.ListAuditEvents(s.Ctx, connect.NewRequest(tc.req))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, e := range res.Msg.GetEvents() {
			got = append(got, e.GetEntity())
		}
		if !slices.Equal(got, tc.want) || int(res.Msg.GetTotalSize()) != len(tc.want) {
			t.Errorf("%s: %v (total %d), want %v", tc.name, got, res.Msg.GetTotalSize(), tc.want)
		}
		if tc.name == "a key's changes" && res.Msg.GetEvents()[0].GetApiKeyId() != 7 {
			t.Errorf("the key's change names key %d, want 7", res.Msg.GetEvents()[0].GetApiKeyId())
		}
	}
	if _, err := h.ListAuditEvents(s.Ctx, connect.NewRequest(&saboresv1.ListAuditEventsRequest{FromDay: "2026-02-30"})); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("a day that does not exist: %v", err)
	}
}

// TestAuditNamesKeyAndSession: a change through an API key names the key
// and its name, one through a signed-in session that session and when it
// was signed in (issue 37: the trail said "a session", not which).
func TestAuditNamesKeyAndSession(t *testing.T) {
	t.Parallel()
	s := admintest.NewShop(t)
	var keyID int64
	if err := s.Pool.QueryRow(s.Ctx, `INSERT INTO api_keys (name, scopes, prefix, secret_hash, created_by)
		VALUES ('ERP Holded', '{catalog_write}', 'sab_x', '\x01', $1) RETURNING id`, s.Admin).Scan(&keyID); err != nil {
		t.Fatal(err)
	}
	signedIn := time.Date(2026, 11, 29, 9, 15, 0, 0, time.UTC)
	session := auth.WithPrincipal(s.Ctx, auth.Principal{UserID: s.Admin, Email: "admin@sabores.es", Role: auth.RoleAdmin, SessionID: 42, SessionStart: signedIn})
	key := auth.WithPrincipal(s.Ctx, auth.Principal{Role: auth.RoleAdmin, APIKeyID: keyID})
	for i, ctx := range []context.Context{session, key} {
		if _, err := catalogue.New(s.Pool).UpdatePricing(ctx, auth.Caller(ctx), 1001, catalogue.Pricing{
			PriceCents: int64(300 + i), VatBasisPoints: 1000, OnlineCategories: []string{"populares"},
		}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := adminauditapi.New(s.Pool).ListAuditEvents(s.Ctx, connect.NewRequest(&saboresv1.ListAuditEventsRequest{Action: "product.price"}))
	if err != nil {
		t.Fatal(err)
	}
	ev := res.Msg.GetEvents()
	if len(ev) != 2 {
		t.Fatalf("%d price changes, want 2", len(ev))
	}
	if k := ev[0]; k.GetApiKeyId() != keyID || k.GetApiKeyName() != "ERP Holded" || k.GetSessionId() != 0 || k.GetSessionStartTime() != nil {
		t.Errorf("the key's change = %v, want key %d named ERP Holded and no session", k, keyID)
	}
	if p := ev[1]; p.GetSessionId() != 42 || !p.GetSessionStartTime().AsTime().Equal(signedIn) || p.GetApiKeyId() != 0 || p.GetActor() != "admin@sabores.es" {
		t.Errorf("the session's change = %v, want session 42 signed in at %v by admin@sabores.es", p, signedIn)
	}
}
