package adminorderapi

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// OrderCountLimit is where the order desk stops counting: "1 000+" is as
// useful as an exact figure, and counting a million rows is not free.
const OrderCountLimit = 1000

// SearchCountLimit is where it stops counting the orders a name or e-mail
// finds: a search that finds more than a hundred is narrowed, not paged
// through, and counting on is a second search of every contact holding
// the name (2 of a common name's 4 ms, bench/HISTORY.md).
const SearchCountLimit = 100

// ListOrders pages every customer's orders, newest first, by cursor, with
// the account's email, their lines unless the view is basic, and a capped
// count of the matches.
func (h *Handler) ListOrders(ctx context.Context, req *connect.Request[saboresv1.ListOrdersRequest]) (*connect.Response[saboresv1.ListOrdersResponse], error) {
	m := req.Msg
	k, err := paging.ParseForwardKeyset(m.GetPageToken(), m.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	search, err := orderFilter(m)
	if err != nil {
		return nil, err
	}
	page := search.AdminListOrdersParams
	page.PageLimit, page.AfterCreated, page.AfterID = k.Limit, k.At, k.AtID
	// One connection for the whole page: each acquire from a busy pool
	// queues behind every request already waiting, so a search's three
	// statements on three acquires queued three times (bench/HISTORY.md).
	conn, err := h.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("adminorderapi: acquire a connection: %w", err)
	}
	defer conn.Release()
	d := desk{q: db.New(conn), planned: db.New(planEachCall{conn})}
	if search.contact != "" {
		plan, err := d.q.AdminOrderContactsSearch(ctx, search.contact)
		if err != nil {
			return nil, fmt.Errorf("adminorderapi: plan the contact search: %w", err)
		}
		var share float64
		search.foldedTo = plan.FoldedTo
		search.contactKey, share = contactsKey(plan.Normalized, trigramCounts(plan.Trigrams, plan.TrigramContacts), plan.Contacts)
		if !search.filtered() {
			search.walk = walkLimit(page.PageLimit, share)
		}
	}
	rows, err := d.page(ctx, search, page)
	if err != nil {
		return nil, err
	}
	// A first page that holds every match is its own count: the count would
	// only find the same matches again (a second trigram scan for a name).
	total := int64(len(rows))
	if k.At != nil || len(rows) > int(k.Size) {
		if total, err = d.count(ctx, search); err != nil {
			return nil, err
		}
	}
	cut := paging.Cut(k, rows, func(r db.AdminListOrdersRow) (time.Time, int64) { return r.Order.CreatedAt, r.Order.ID })
	limit := search.countLimit()
	res := &saboresv1.ListOrdersResponse{
		TotalSize: int32(min(total, limit)), TotalSizeCapped: total > limit, NextPageToken: cut.Next,
	}
	if res.Orders, err = d.orders(ctx, cut.Rows, m.GetView()); err != nil {
		return nil, err
	}
	for i, r := range cut.Rows {
		res.Orders[i].CustomerEmail = r.CustomerEmail
	}
	return connect.NewResponse(res), nil
}

// desk reads the order desk on one connection: q as sqlc prepares, and
// planned planning each call with its values (planEachCall).
type desk struct {
	q, planned *db.Queries
}

// orders maps a page of the desk as much as view asks: a list screen
// asks for ORDER_VIEW_BASIC and the lines are not read at all (as much of
// shopd's CPU as the page query, and most of the JSON); any other view,
// the unspecified one included, is the full order integrators have had.
func (d desk) orders(ctx context.Context, rows []db.AdminListOrdersRow, view saboresv1.OrderView) ([]*saboresv1.Order, error) {
	if view == saboresv1.OrderView_ORDER_VIEW_BASIC {
		out := make([]*saboresv1.Order, len(rows))
		ids := make([]int64, len(rows))
		for i, r := range rows {
			out[i], ids[i] = apimap.OrderBasicToProto(r.Order), r.Order.ID
		}
		// The list shows each order's code and what it took off.
		sold, err := order.SoldDiscounts(ctx, d.q, ids)
		if err != nil {
			return nil, err
		}
		for i, r := range rows {
			if s := sold[r.Order.ID]; s != nil {
				out[i].DiscountCode, out[i].DiscountCents, out[i].ShippingWaivedCents = s.Code, s.AmountCents, s.ShippingWaivedCents
			}
		}
		return out, nil
	}
	stored := make([]db.Order, len(rows))
	for i, r := range rows {
		stored[i] = r.Order
	}
	orders, err := order.WithLines(ctx, d.q, stored)
	if err != nil {
		return nil, err
	}
	return apimap.Orders(orders), nil
}

// deskSearch is the order desk's filters: the list's parameters, and the
// name or e-mail searched (LIKE-escaped), which AdminListOrdersByContact
// finds rather than AdminListOrders, with the contacts' fold position it
// reads the newer orders from and the pattern it asks the contacts' index
// with (AdminOrderContactsSearch), and how many of the newest orders to
// walk first, if any (walkLimit).
type deskSearch struct {
	db.AdminListOrdersParams
	contact    string
	foldedTo   time.Time
	contactKey string
	walk       int32
}

// filtered says whether f filters by more than its text.
func (f deskSearch) filtered() bool {
	return f.Status != nil || f.PaymentStatus != nil || f.CreatedFrom != nil || f.CreatedTo != nil
}

// page reads a page of the search: p is its parameters with the page's
// limit and cursor.
func (d desk) page(ctx context.Context, f deskSearch, p db.AdminListOrdersParams) ([]db.AdminListOrdersRow, error) {
	if f.contact == "" {
		rows, err := d.planned.AdminListOrders(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("adminorderapi: list orders: %w", err)
		}
		return rows, nil
	}
	if f.walk > 0 {
		walked, err := d.planned.AdminListRecentOrdersByContact(ctx, db.AdminListRecentOrdersByContactParams{
			Contact: f.contact, AfterCreated: p.AfterCreated, AfterID: p.AfterID, WalkLimit: f.walk, PageLimit: p.PageLimit,
		})
		if err != nil {
			return nil, fmt.Errorf("adminorderapi: walk the newest orders by contact: %w", err)
		}
		if len(walked) == int(p.PageLimit) {
			return listRows(walked), nil
		}
	}
	found, err := d.planned.AdminListOrdersByContact(ctx, db.AdminListOrdersByContactParams{
		Contact: f.contact, Status: p.Status, PaymentStatus: p.PaymentStatus, CreatedFrom: p.CreatedFrom,
		CreatedTo: p.CreatedTo, AfterCreated: p.AfterCreated, AfterID: p.AfterID, PageLimit: p.PageLimit,
		FoldedTo: f.foldedTo, ContactKey: f.contactKey,
	})
	if err != nil {
		return nil, fmt.Errorf("adminorderapi: list orders by contact: %w", err)
	}
	return listRows(found), nil
}

// listRows are a search's rows as AdminListOrders' (sqlc names each
// query's row type).
func listRows[R ~struct {
	Order         db.Order
	CustomerEmail string
}](found []R) []db.AdminListOrdersRow {
	rows := make([]db.AdminListOrdersRow, len(found))
	for i, r := range found {
		rows[i] = db.AdminListOrdersRow(r)
	}
	return rows
}

// countLimit is where the desk stops counting f's orders.
func (f deskSearch) countLimit() int64 {
	if f.contact != "" {
		return SearchCountLimit
	}
	return OrderCountLimit
}

// count counts the search's orders up to one more than its countLimit.
func (d desk) count(ctx context.Context, f deskSearch) (int64, error) {
	limit := int32(f.countLimit() + 1)
	if f.contact != "" {
		n, err := d.planned.AdminCountOrdersByContact(ctx, db.AdminCountOrdersByContactParams{
			Contact: f.contact, Status: f.Status, PaymentStatus: f.PaymentStatus, CreatedFrom: f.CreatedFrom,
			CreatedTo: f.CreatedTo, CountLimit: limit, FoldedTo: f.foldedTo, ContactKey: f.contactKey,
		})
		if err != nil {
			return 0, fmt.Errorf("adminorderapi: count orders by contact: %w", err)
		}
		return n, nil
	}
	n, err := d.planned.AdminCountOrders(ctx, db.AdminCountOrdersParams{
		Status: f.Status, PaymentStatus: f.PaymentStatus, CreatedFrom: f.CreatedFrom,
		CreatedTo: f.CreatedTo, OrderID: f.OrderID, PostalCode: f.PostalCode, CountLimit: limit,
	})
	if err != nil {
		return 0, fmt.Errorf("adminorderapi: count orders: %w", err)
	}
	return n, nil
}

// contactsKey is the LIKE pattern order_contacts' trigram index is asked
// with for a search of q (normalized, LIKE-escaped), given how many contacts
// hold each trigram: q's two rarest trigrams of letters and digits, in
// their order, as one substring where they overlap. A GIN scan costs what
// its commonest trigram's posting list costs ("cliente12345" read "cli",
// "lie", "ien", "ent" and "nte", each naming nearly every contact, for 11
// matches), and any substring of q is in every contact q is, so the rest of
// q is checked on the orders of the contacts found. A trigram with any
// other character (a space, "@", an escape) is left out: pg_trgm pads at
// word boundaries, and only plain ones are counted. A trigram never
// counted is the rarest of all. Without any plain trigram the pattern is
// q's own. The share is that of the contacts expected to match the
// pattern, of total, as if its trigrams were independent (an overlapping
// pair is not: the share errs low); 0 when unknown.
func contactsKey(q string, contacts map[string]int32, total float64) (string, float64) {
	type trigram struct {
		at       int
		contacts int32
	}
	r := []rune(q)
	other := func(c rune) bool { return (c < 'a' || c > 'z') && (c < '0' || c > '9') }
	var picked []trigram
	for i := 0; i+3 <= len(r); i++ {
		if !slices.ContainsFunc(r[i:i+3], other) {
			picked = append(picked, trigram{i, contacts[string(r[i:i+3])]})
		}
	}
	if len(picked) == 0 {
		return "%" + q + "%", 0
	}
	// Stable: of equally rare trigrams, the first ones.
	slices.SortStableFunc(picked, func(x, y trigram) int { return cmp.Compare(x.contacts, y.contacts) })
	picked = picked[:min(2, len(picked))]
	share := 0.0
	if total > 0 {
		share = 1
		for _, g := range picked {
			share *= min(1, float64(g.contacts)/total)
		}
	}
	a, b := picked[0].at, picked[len(picked)-1].at
	a, b = min(a, b), max(a, b)
	if b-a < 3 {
		return "%" + string(r[a:b+3]) + "%", share
	}
	return "%" + string(r[a:a+3]) + "%" + string(r[b:b+3]) + "%", share
}

// walkExpected is how many orders the desk reads newest first, at most
// expected, to fill a page of a name search before it asks the contacts'
// index instead: about 1.5 ms, where a name one order in 300 holds costs
// 3.6 ms through its contacts ("sofia diaz", bench/HISTORY.md).
const walkExpected = 5000

// walkLimit is how many of the newest orders a page of pageLimit orders
// of a name search walks before it reads the contacts' index
// (AdminListRecentOrdersByContact), given the share of contacts expected
// to hold the name, taken for the share of orders (orders spread evenly
// over contacts): 0, no walk, where a page is expected further than
// walkExpected orders down; twice that where it is nearer, so an estimate
// off by half still fills the page, and one further off costs at most
// that walk before the contacts are read.
func walkLimit(pageLimit int32, share float64) int32 {
	if share <= 0 || float64(pageLimit)/share > walkExpected {
		return 0
	}
	return 2 * walkExpected
}

// trigramCounts pairs AdminOrderContactsSearch's trigrams with their counts.
func trigramCounts(trigrams []string, contacts []int32) map[string]int32 {
	m := make(map[string]int32, len(trigrams))
	for i, g := range trigrams {
		m[g] = contacts[i]
	}
	return m
}

// orderFilter reads the desk's filters and search, NULL for each filter
// not given.
func orderFilter(m *saboresv1.ListOrdersRequest) (deskSearch, error) {
	var f deskSearch
	p := &f.AdminListOrdersParams
	if st := apimap.StoredStatus(m.GetStatus()); st != "" {
		p.Status = ptr(string(st))
	}
	if pay := apimap.StoredPayment(m.GetPaymentStatus()); pay != "" {
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
			return f, fault.InvalidField(d.field, "must be a day, YYYY-MM-DD")
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
			return f, fault.InvalidField("query", "is no order number nor postal code")
		}
		return f, nil
	}
	if q == "" {
		return f, nil
	}
	if utf8.RuneCountInString(q) < 3 {
		return f, fault.InvalidField("query", "must be at least 3 characters, or digits")
	}
	f.contact = paging.EscapeLike(q)
	return f, nil
}

// GetAdminOrder returns an order with its timeline, its refunds and the
// actions an admin may take on it now.
func (h *Handler) GetAdminOrder(ctx context.Context, req *connect.Request[saboresv1.GetAdminOrderRequest]) (*connect.Response[saboresv1.GetAdminOrderResponse], error) {
	found, err := h.orders.ForERP(ctx, []int64{req.Msg.GetId()})
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("adminorderapi: order %d: %w", req.Msg.GetId(), fault.ErrNotFound)
	}
	row := found[0]
	mapped := erpOrderToProto(row)
	events, err := order.Timeline(ctx, h.q, row.Row.ID)
	if err != nil {
		return nil, err
	}
	refunds, err := orderRefunds(ctx, h.q, row.Row.ID)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.GetAdminOrderResponse{
		Order: mapped, Events: apimap.EventsToProto(events), Carriers: order.Carriers(),
		Refunds: refunds, BankRefundAllowed: order.BankRefundAllowed(row.Row),
	}
	for _, a := range order.Actions(row.Row, order.AdminActor) {
		res.AllowedActions = append(res.AllowedActions, actionToProto[a])
	}
	return connect.NewResponse(res), nil
}

// actionToProto maps the lifecycle's desk actions to the contract's.
var actionToProto = map[order.Action]saboresv1.OrderAction{
	order.ActionMarkPaid:       saboresv1.OrderAction_ORDER_ACTION_MARK_PAID,
	order.ActionStartPreparing: saboresv1.OrderAction_ORDER_ACTION_START_PREPARING,
	order.ActionShip:           saboresv1.OrderAction_ORDER_ACTION_SHIP,
	order.ActionMarkDelivered:  saboresv1.OrderAction_ORDER_ACTION_MARK_DELIVERED,
	order.ActionCancel:         saboresv1.OrderAction_ORDER_ACTION_CANCEL,
	order.ActionReadyForPickup: saboresv1.OrderAction_ORDER_ACTION_READY_FOR_PICKUP,
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
