package adminauditapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListAuditEvents pages the audit trail, newest first, by keyset.
func (h *Handler) ListAuditEvents(ctx context.Context, req *connect.Request[saboresv1.ListAuditEventsRequest]) (*connect.Response[saboresv1.ListAuditEventsResponse], error) {
	k, err := paging.ParseKeyset(req.Msg.PageToken, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := h.q.AuditList(ctx, db.AuditListParams{Backward: k.Backward, At: k.At, AtID: k.AtID, PageLimit: k.Limit})
	if err != nil {
		return nil, fmt.Errorf("adminauditapi: list audit events: %w", err)
	}
	total, err := h.q.AuditCount(ctx)
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
