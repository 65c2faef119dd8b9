// Package adminauditapi serves AdminAuditService over Connect: the audit
// trail every back-office change writes (audit.Record), read newest first
// and paged by keyset.
package adminauditapi

import (
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// pageSizes: the audit trail shows 50 events a page, as the contract
// documents; none serves more than 100.
var pageSizes = paging.Sizes{Default: 50, Max: 100}

// Handler implements AdminAuditService.
type Handler struct {
	q *db.Queries
}

var _ saboresv1connect.AdminAuditServiceHandler = (*Handler)(nil)

// New returns the handler reading the audit trail from pool.
func New(pool *pgxpool.Pool) *Handler {
	return &Handler{q: db.New(pool)}
}

// auditEvent maps one row of the audit trail.
func auditEvent(e db.AuditListRow) *saboresv1.AuditEvent {
	// A key acts as "api-key:<id>" (auth.Principal.Actor), recorded with
	// its id since issue 37 and read from the actor before; anyone else
	// through a signed-in session, recorded since issue 37.
	var key int64
	if e.APIKeyID != nil {
		key = *e.APIKeyID
	} else if id, ok := strings.CutPrefix(e.Actor, "api-key:"); ok {
		key, _ = strconv.ParseInt(id, 10, 64)
	}
	ev := &saboresv1.AuditEvent{
		ApiKeyId:   key,
		ApiKeyName: e.ApiKeyName,
		Id:         e.ID,
		Actor:      e.Actor,
		Action:     e.Action,
		Entity:     e.Entity,
		OldValue:   string(e.OldValue),
		NewValue:   string(e.NewValue),
		CreateTime: timestamppb.New(e.CreatedAt),
	}
	if e.SessionID != nil && e.SessionStartedAt != nil {
		ev.SessionId, ev.SessionStartTime = *e.SessionID, timestamppb.New(*e.SessionStartedAt)
	}
	return ev
}
