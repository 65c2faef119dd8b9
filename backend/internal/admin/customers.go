package admin

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListCustomers pages the active customers, newest first.
func (s *Service) ListCustomers(ctx context.Context, req *connect.Request[saboresv1.ListCustomersRequest]) (*connect.Response[saboresv1.ListCustomersResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.AdminListCustomers(ctx, db.AdminListCustomersParams{PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list customers: %w", err)
	}
	total, err := s.q.AdminCountCustomers(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count customers: %w", err)
	}
	res := &saboresv1.ListCustomersResponse{TotalSize: int32(total)}
	for _, c := range rows {
		res.Customers = append(res.Customers, customer(c))
	}
	return connect.NewResponse(res), nil
}
