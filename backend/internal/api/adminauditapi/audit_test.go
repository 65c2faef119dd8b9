package adminauditapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminauditapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
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
