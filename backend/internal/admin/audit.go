package admin

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListAuditEvents pages the audit trail, newest first.
func (s *Service) ListAuditEvents(ctx context.Context, req *connect.Request[saboresv1.ListAuditEventsRequest]) (*connect.Response[saboresv1.ListAuditEventsResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, auditPageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.AuditList(ctx, db.AuditListParams{PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list audit events: %w", err)
	}
	total, err := s.q.AuditCount(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count audit events: %w", err)
	}
	res := &saboresv1.ListAuditEventsResponse{TotalSize: int32(total)}
	for _, e := range rows {
		res.Events = append(res.Events, auditEvent(e))
	}
	return connect.NewResponse(res), nil
}
