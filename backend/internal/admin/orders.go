package admin

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// OrderCountLimit is where the order desk stops counting: "1 000+" is as
// useful as an exact figure, and counting a million rows is not free.
const OrderCountLimit = 1000

// ListOrders pages every customer's orders, newest first, by cursor, with
// the account's email, their lines unless the view is basic, and a capped
// count of the matches.
func (s *Service) ListOrders(ctx context.Context, req *connect.Request[saboresv1.ListOrdersRequest]) (*connect.Response[saboresv1.ListOrdersResponse], error) {
	m := req.Msg
	window, err := paging.Page(0, m.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	filter, err := orderFilter(m)
	if err != nil {
		return nil, err
	}
	cursor, ok, err := paging.ParseToken("page_token", m.GetPageToken())
	if err != nil {
		return nil, err
	}
	list := filter
	list.PageLimit = window.Size + 1
	if ok {
		id, perr := strconv.ParseInt(cursor.Key, 10, 64)
		if perr != nil {
			return nil, apperr.Invalid("page_token", "is not a page token this list gave")
		}
		list.AfterCreated, list.AfterID = &cursor.Time, &id
	}
	rows, err := s.planned.AdminListOrders(ctx, list)
	if err != nil {
		return nil, fmt.Errorf("admin: list orders: %w", err)
	}
	// A first page that holds every match is its own count: the count would
	// only find the same matches again (a second trigram scan for a name).
	total := int64(len(rows))
	if ok || len(rows) > int(window.Size) {
		if total, err = s.planned.AdminCountOrders(ctx, db.AdminCountOrdersParams{
			Status: filter.Status, PaymentStatus: filter.PaymentStatus, CreatedFrom: filter.CreatedFrom,
			CreatedTo: filter.CreatedTo, OrderID: filter.OrderID, PostalCode: filter.PostalCode,
			Contact: filter.Contact, CountLimit: OrderCountLimit + 1,
		}); err != nil {
			return nil, fmt.Errorf("admin: count orders: %w", err)
		}
	}
	res := &saboresv1.ListOrdersResponse{TotalSize: int32(min(total, OrderCountLimit)), TotalSizeCapped: total > OrderCountLimit}
	if len(rows) > int(window.Size) {
		rows = rows[:window.Size]
		last := rows[len(rows)-1].Order
		res.NextPageToken = paging.Cursor{Time: last.CreatedAt, Key: strconv.FormatInt(last.ID, 10)}.Token()
	}
	if res.Orders, err = s.deskOrders(ctx, rows, m.GetView()); err != nil {
		return nil, err
	}
	for i, r := range rows {
		res.Orders[i].CustomerEmail = r.CustomerEmail
	}
	return connect.NewResponse(res), nil
}

// deskOrders maps a page of the desk as much as view asks: a list screen
// asks for ORDER_VIEW_BASIC and the lines are not read at all (as much of
// shopd's CPU as the page query, and most of the JSON); any other view,
// the unspecified one included, is the full order integrators have had.
func (s *Service) deskOrders(ctx context.Context, rows []db.AdminListOrdersRow, view saboresv1.OrderView) ([]*saboresv1.Order, error) {
	if view == saboresv1.OrderView_ORDER_VIEW_BASIC {
		out := make([]*saboresv1.Order, len(rows))
		for i, r := range rows {
			out[i] = shop.OrderBasicToProto(r.Order)
		}
		return out, nil
	}
	stored := make([]db.Order, len(rows))
	for i, r := range rows {
		stored[i] = r.Order
	}
	return shop.OrdersWithLines(ctx, s.q, stored)
}

// orderFilter reads the desk's filters and search into the query's
// parameters, NULL for each one not given.
func orderFilter(m *saboresv1.ListOrdersRequest) (db.AdminListOrdersParams, error) {
	var p db.AdminListOrdersParams
	if f := shop.StoredStatus(m.GetStatus()); f != "" {
		p.Status = ptr(string(f))
	}
	if pay := shop.StoredPayment(m.GetPaymentStatus()); pay != "" {
		p.PaymentStatus = ptr(string(pay))
	}
	for _, d := range []struct {
		field, value string
		into         **string
	}{{"created_from", m.GetCreatedFrom(), &p.CreatedFrom}, {"created_to", m.GetCreatedTo(), &p.CreatedTo}} {
		if d.value == "" {
			continue
		}
		if _, err := time.Parse(time.DateOnly, d.value); err != nil {
			return p, apperr.Invalid(d.field, "must be a day, YYYY-MM-DD")
		}
		*d.into = ptr(d.value)
	}
	q := strings.TrimSpace(m.GetQuery())
	if digits := strings.TrimPrefix(q, "#"); digits != "" && strings.IndexFunc(digits, func(r rune) bool { return !unicode.IsDigit(r) || r > unicode.MaxASCII }) < 0 {
		if id, err := strconv.ParseInt(digits, 10, 64); err == nil {
			p.OrderID = &id
		}
		if len(digits) == 5 {
			p.PostalCode = ptr(digits)
		}
		if p.OrderID == nil && p.PostalCode == nil {
			return p, apperr.Invalid("query", "is no order number nor postal code")
		}
		return p, nil
	}
	if q == "" {
		return p, nil
	}
	if utf8.RuneCountInString(q) < 3 {
		return p, apperr.Invalid("query", "must be at least 3 characters, or digits")
	}
	p.Contact = ptr(shop.EscapeLike(q))
	return p, nil
}

// GetAdminOrder returns an order with its timeline, its refunds and the
// actions an admin may take on it now.
func (s *Service) GetAdminOrder(ctx context.Context, req *connect.Request[saboresv1.GetAdminOrderRequest]) (*connect.Response[saboresv1.GetAdminOrderResponse], error) {
	row, err := s.q.AdminGetOrder(ctx, req.Msg.GetId())
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("admin: order %d: %w", req.Msg.GetId(), apperr.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("admin: read order %d: %w", req.Msg.GetId(), err)
	}
	orders, err := shop.OrdersWithLines(ctx, s.q, []db.Order{row.Order})
	if err != nil {
		return nil, err
	}
	orders[0].CustomerEmail = row.CustomerEmail
	events, err := shop.Timeline(ctx, s.q, row.Order.ID)
	if err != nil {
		return nil, err
	}
	refunds, err := orderRefunds(ctx, s.q, row.Order.ID)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.GetAdminOrderResponse{
		Order: orders[0], Events: events, Carriers: shop.Carriers(),
		Refunds: refunds, BankRefundAllowed: shop.BankRefundAllowed(row.Order),
	}
	for _, a := range shop.Actions(row.Order, shop.AdminActor) {
		res.AllowedActions = append(res.AllowedActions, actionToProto[a])
	}
	return connect.NewResponse(res), nil
}

// actionToProto maps the lifecycle's desk actions to the contract's.
var actionToProto = map[shop.Action]saboresv1.OrderAction{
	shop.MarkPaid:       saboresv1.OrderAction_ORDER_ACTION_MARK_PAID,
	shop.StartPreparing: saboresv1.OrderAction_ORDER_ACTION_START_PREPARING,
	shop.Ship:           saboresv1.OrderAction_ORDER_ACTION_SHIP,
	shop.MarkDelivered:  saboresv1.OrderAction_ORDER_ACTION_MARK_DELIVERED,
	shop.CancelOrder:    saboresv1.OrderAction_ORDER_ACTION_CANCEL,
}

func ptr[T any](v T) *T { return &v }

// planEachCall runs its queries as unnamed statements, which PostgreSQL
// plans at each call with the values at hand (pgx's
// QueryExecModeCacheDescribe: still one round trip). The order desk needs
// that: a generic plan of a prepared statement cannot know which filters
// are NULL and would walk one index for every search. It replaces a
// transaction with SET LOCAL plan_cache_mode = force_custom_plan, which
// cost three more round trips per page (BEGIN, SET, COMMIT).
type planEachCall struct{ db.DBTX }

// Query implements db.DBTX.
func (p planEachCall) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return p.DBTX.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

// QueryRow implements db.DBTX.
func (p planEachCall) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return p.DBTX.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}
