package admincustomerapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListCustomers pages the active customers, newest first, by keyset.
func (h *Handler) ListCustomers(ctx context.Context, req *connect.Request[saboresv1.ListCustomersRequest]) (*connect.Response[saboresv1.ListCustomersResponse], error) {
	k, err := paging.ParseKeyset(req.Msg.PageToken, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := h.q.AdminListCustomers(ctx, db.AdminListCustomersParams{
		Backward: k.Backward, At: k.At, AtID: k.AtID, PageLimit: k.Limit,
	})
	if err != nil {
		return nil, fmt.Errorf("admincustomerapi: list customers: %w", err)
	}
	total, err := h.q.AdminCountCustomers(ctx)
	if err != nil {
		return nil, fmt.Errorf("admincustomerapi: count customers: %w", err)
	}
	page := paging.Cut(k, rows, func(c db.Customer) (time.Time, int64) { return c.CreatedAt, c.ID })
	res := &saboresv1.ListCustomersResponse{
		TotalSize: int32(total), NextPageToken: page.Next, PreviousPageToken: page.Previous,
	}
	for _, c := range page.Rows {
		res.Customers = append(res.Customers, customer(c))
	}
	return connect.NewResponse(res), nil
}
