package admin

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListOrders pages every customer's orders, newest first, with their lines
// and the account's email.
func (s *Service) ListOrders(ctx context.Context, req *connect.Request[saboresv1.ListOrdersRequest]) (*connect.Response[saboresv1.ListOrdersResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.AdminListOrders(ctx, db.AdminListOrdersParams{PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list orders: %w", err)
	}
	total, err := s.q.AdminCountOrders(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count orders: %w", err)
	}
	stored := make([]db.Order, len(rows))
	for i, r := range rows {
		stored[i] = r.Order
	}
	orders, err := shop.OrdersWithLines(ctx, s.q, stored)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		orders[i].CustomerEmail = r.CustomerEmail
	}
	return connect.NewResponse(&saboresv1.ListOrdersResponse{Orders: orders, TotalSize: int32(total)}), nil
}
