package adminauditapi

import (
	"context"
	"fmt"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shoptime"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListAuditEvents pages the audit trail, newest first, by keyset.
func (h *Handler) ListAuditEvents(ctx context.Context, req *connect.Request[saboresv1.ListAuditEventsRequest]) (*connect.Response[saboresv1.ListAuditEventsResponse], error) {
	k, err := paging.ParseKeyset(req.Msg.PageToken, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	since, err := madridDay(m.GetFromDay(), "from_day", 0)
	if err != nil {
		return nil, err
	}
	until, err := madridDay(m.GetToDay(), "to_day", 1)
	if err != nil {
		return nil, err
	}
	actor := paging.EscapeLike(strings.TrimSpace(m.GetActor()))
	rows, err := h.q.AuditList(ctx, db.AuditListParams{
		Backward: k.Backward, Actor: actor, Action: m.GetAction(), Since: since, Until: until,
		At: k.At, AtID: k.AtID, PageLimit: k.Limit,
	})
	if err != nil {
		return nil, fmt.Errorf("adminauditapi: list audit events: %w", err)
	}
	var total int64
	if actor == "" && m.GetAction() == "" && since == nil && until == nil {
		total, err = h.q.AuditCount(ctx)
	} else {
		total, err = h.q.AuditCountFiltered(ctx, db.AuditCountFilteredParams{Actor: actor, Action: m.GetAction(), Since: since, Until: until})
	}
	if err != nil {
		return nil, fmt.Errorf("adminauditapi: count audit events: %w", err)
	}
	page := paging.Cut(k, rows, func(e db.AuditListRow) (time.Time, int64) { return e.CreatedAt, e.ID })
	res := &saboresv1.ListAuditEventsResponse{
		TotalSize: int32(total), NextPageToken: page.Next, PreviousPageToken: page.Previous,
	}
	for _, e := range page.Rows {
		res.Events = append(res.Events, auditEvent(e))
	}
	return connect.NewResponse(res), nil
}

// madridDay is the start of day (YYYY-MM-DD) in Madrid, plus days; nil for
// an empty day. A day that does not exist is InvalidArgument on field.
func madridDay(day, field string, days int) (*time.Time, error) {
	if day == "" {
		return nil, nil
	}
	d, err := time.ParseInLocation(time.DateOnly, day, shoptime.Madrid)
	if err != nil {
		return nil, fault.InvalidField(field, "not a day (YYYY-MM-DD)")
	}
	d = d.AddDate(0, 0, days)
	return &d, nil
}
