package accountapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/accountapi"
	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shoptime"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// maria is the shopper whose data the tests export and delete; every value
// is one the database scan looks for afterwards.
var maria = struct {
	subject, email, name, phone, deliveryEmail, address string
}{"maria-sub-7731", "maria.tombstone@example.com", "María Tombstone", "600111222", "maria.delivery@example.com", "Rúa do Porto 12"}

// rightsAPI is AccountService and OrderService behind the server's
// interceptors (who is calling, validation, error mapping) on a real HTTP
// server, so sessions are checked as a browser's cookie would be.
type rightsAPI struct {
	pool    *pgxpool.Pool
	auth    *auth.Service
	srv     *httptest.Server
	product int64
}

func newRightsAPI(t *testing.T) *rightsAPI {
	t.Helper()
	pool := dbtest.New(t)
	var handler http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	svc, err := auth.New(context.Background(), pool, auth.Config{PublicURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	opts := connect.WithInterceptors(authz.Answers(), apperr.Validate(), apperr.Interceptor())
	mux := http.NewServeMux()
	mux.Handle(saboresv1connect.NewAccountServiceHandler(accountapi.New(account.New(pool)), opts))
	mux.Handle(saboresv1connect.NewOrderServiceHandler(orderapi.New(order.New(pool)), opts))
	// Who is calling is resolved before the handlers, as the server's gate does.
	handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, err := svc.Resolve(r.Context(), r.Header)
		if err != nil {
			t.Errorf("resolve the caller: %v", err)
		}
		mux.ServeHTTP(w, r.WithContext(ctx))
	})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{
		ID: 1, Name: "Guaraná", Code: "BR-1", SKU: "SKU-1", Category: "bebidas", PriceCents: 333, VATBasisPoints: 1000, Stock: 100,
	})
	return &rightsAPI{pool: pool, auth: svc, srv: srv, product: product}
}

// signIn signs in as the identity provider would and returns a client
// carrying the session cookie.
func (a *rightsAPI) signIn(t *testing.T, subject, email, name string) (saboresv1connect.AccountServiceClient, saboresv1connect.OrderServiceClient, int64) {
	t.Helper()
	signed, err := a.auth.SignIn(context.Background(), auth.Identity{Issuer: "https://test", Subject: subject, Email: email, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	opt := connect.WithInterceptors(connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			req.Header().Set("Cookie", "sabores_session="+signed.Token)
			return next(ctx, req)
		}
	}))
	return saboresv1connect.NewAccountServiceClient(http.DefaultClient, a.srv.URL, opt),
		saboresv1connect.NewOrderServiceClient(http.DefaultClient, a.srv.URL, opt), signed.Principal.UserID
}

func (a *rightsAPI) order(t *testing.T, c saboresv1connect.OrderServiceClient, name, email, phone, address string) {
	t.Helper()
	if _, err := c.PlaceOrder(context.Background(), connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(),
		Lines:          []*saboresv1.CartLineInput{{ProductId: a.product, Quantity: 2}},
		Delivery: &saboresv1.DeliveryInput{Name: name, Email: email, Phone: phone,
			Address: address, City: "Burela", PostalCode: "27880"},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
	})); err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}
}

func consent(analytics bool) *connect.Request[saboresv1.RecordCookieConsentRequest] {
	return connect.NewRequest(&saboresv1.RecordCookieConsentRequest{
		Analytics: analytics, PolicyVersion: "2026-11-24", ConsentTime: timestamppb.New(time.Now().Add(-time.Minute)),
	})
}

// TestExportMyData: the export holds the caller's profile, customer record,
// addresses (deduplicated), orders with lines, consent records, the
// refunds of their orders (card and bank, each naming its order) and the
// withdrawals from them with their lines, nothing
// of another shopper, and is audited with the caller as actor.
func TestExportMyData(t *testing.T) {
	t.Parallel()
	a := newRightsAPI(t)
	ctx := context.Background()
	accounts, orders, mariaID := a.signIn(t, maria.subject, maria.email, maria.name)
	a.order(t, orders, maria.name, maria.deliveryEmail, maria.phone, maria.address)
	a.order(t, orders, maria.name, maria.deliveryEmail, maria.phone, maria.address)
	a.order(t, orders, maria.name, maria.deliveryEmail, maria.phone, "Outra rúa 3")
	if _, err := accounts.RecordCookieConsent(ctx, consent(true)); err != nil {
		t.Fatal(err)
	}
	joaoAccounts, joaoOrders, _ := a.signIn(t, "joao-sub", "joao@example.com", "João")
	a.order(t, joaoOrders, "João", "joao@example.com", "600999888", "Rúa 9")
	if _, err := joaoAccounts.RecordCookieConsent(ctx, consent(false)); err != nil {
		t.Fatal(err)
	}
	// The rows a card refund (payment.RecordRefund) and a bank refund
	// (order.RecordBankRefund) leave: maria's first order refunded by card,
	// her second and joão's order by bank.
	if _, err := a.pool.Exec(ctx, `WITH o AS (
			SELECT id, user_id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS n FROM orders
		), att AS (
			INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
			SELECT '0001EX', id, 1, 'card', 300, 'authorised', now() FROM o WHERE user_id = $1 AND n = 1 RETURNING redsys_order
		), card AS (
			INSERT INTO payment_refunds (redsys_order, amount_cents, reason, status, tries)
			SELECT redsys_order, 300, 'order cancelled', 'accepted', 1 FROM att
		)
		INSERT INTO bank_refunds (order_id, amount_cents, bank_reference, refunded_on)
		SELECT id, 400, 'TRF-' || user_id, '2026-01-10' FROM o WHERE (user_id = $1 AND n = 2) OR (user_id <> $1 AND n = 1)`, mariaID); err != nil {
		t.Fatal(err)
	}
	var first, second int64
	if err := a.pool.QueryRow(ctx, `SELECT min(id), (array_agg(id ORDER BY id))[2] FROM orders WHERE user_id = $1`, mariaID).Scan(&first, &second); err != nil {
		t.Fatal(err)
	}

	// A withdrawal from maria's third order (one of its two units) and one
	// from joão's, as shop.RequestWithdrawal leaves them.
	if _, err := a.pool.Exec(ctx, `WITH o AS (
			SELECT id, user_id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS n FROM orders
		), w AS (
			INSERT INTO withdrawals (order_id, status, channel, cancelled_order)
			SELECT id, 'requested', 'link', false FROM o WHERE (user_id = $1 AND n = 3) OR (user_id <> $1 AND n = 1)
			RETURNING id, order_id
		)
		INSERT INTO withdrawal_lines (withdrawal_id, order_id, line_no, quantity, status)
		SELECT w.id, w.order_id, 1, 1, 'requested' FROM w`, mariaID); err != nil {
		t.Fatal(err)
	}
	var third int64
	if err := a.pool.QueryRow(ctx, `SELECT max(id) FROM orders WHERE user_id = $1`, mariaID).Scan(&third); err != nil {
		t.Fatal(err)
	}

	res, err := accounts.ExportMyData(ctx, connect.NewRequest(&saboresv1.ExportMyDataRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	got := res.Msg
	if p := got.GetProfile(); p.GetId() != mariaID || p.GetEmail() != maria.email || p.GetName() != maria.name || p.GetLastSignInTime() == nil {
		t.Errorf("profile = %v", p)
	}
	if c := got.GetCustomer(); c.GetEmail() != maria.deliveryEmail || c.GetPhone() != maria.phone {
		t.Errorf("customer = %v", c)
	}
	if len(got.GetOrders()) != 3 || len(got.GetOrders()[0].GetLines()) != 1 || got.GetOrders()[0].GetLines()[0].GetQuantity() != 2 {
		t.Errorf("orders = %v, want maria's 3 with their lines", got.GetOrders())
	}
	if len(got.GetAddresses()) != 2 {
		t.Errorf("addresses = %v, want the 2 distinct ones", got.GetAddresses())
	}
	if cs := got.GetCookieConsents(); len(cs) != 1 || !cs[0].GetAnalytics() || cs[0].GetPolicyVersion() != "2026-11-24" || cs[0].GetRecordTime() == nil {
		t.Errorf("consents = %v, want maria's one", cs)
	}
	wantRefunds := []string{
		fmt.Sprintf("%d REFUND_METHOD_REDSYS 300 REFUND_STATE_DONE  ", first),
		fmt.Sprintf("%d REFUND_METHOD_BANK_TRANSFER 400 REFUND_STATE_DONE TRF-%d 2026-01-10", second, mariaID),
	}
	var gotRefunds []string
	for _, r := range got.GetRefunds() {
		gotRefunds = append(gotRefunds, fmt.Sprintf("%d %v %d %v %s %s", r.GetOrderId(), r.GetMethod(), r.GetAmountCents(), r.GetState(), r.GetBankReference(), r.GetRefundDate()))
	}
	if !slices.Equal(gotRefunds, wantRefunds) {
		t.Errorf("refunds = %q, want %q", gotRefunds, wantRefunds)
	}
	if ws := got.GetWithdrawals(); len(ws) != 1 || ws[0].GetOrderId() != third || ws[0].GetChannel() != "link" ||
		ws[0].GetStatus() != saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REQUESTED || ws[0].GetRequestTime() == nil ||
		len(ws[0].GetLines()) != 1 || ws[0].GetLines()[0].GetQuantity() != 1 || ws[0].GetLines()[0].GetName() == "" ||
		ws[0].GetRefundCents() != ws[0].GetLines()[0].GetUnitPriceCents() {
		t.Errorf("withdrawals = %v, want maria's one, from her third order, with its line", ws)
	}
	if strings.Contains(got.String(), "joao") || strings.Contains(got.String(), "João") {
		t.Errorf("the export holds another shopper's data: %v", got)
	}
	var audited int
	if err := a.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events
		WHERE action = 'account.export' AND actor_user_id = $1 AND actor = $2 AND entity = $3`,
		mariaID, maria.email, fmt.Sprintf("user:%d", mariaID)).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("export audit events = %d (%v), want 1", audited, err)
	}
}

// TestRecordCookieConsentRefuses: a choice needs a policy version and a
// time that is not in the future.
func TestRecordCookieConsentRefuses(t *testing.T) {
	t.Parallel()
	a := newRightsAPI(t)
	accounts, _, _ := a.signIn(t, "ana", "ana@example.com", "Ana")
	for name, req := range map[string]*saboresv1.RecordCookieConsentRequest{
		"no version":  {ConsentTime: timestamppb.Now()},
		"bad version": {PolicyVersion: "v2", ConsentTime: timestamppb.Now()},
		"no time":     {PolicyVersion: "2026-11-24"},
		"future time": {PolicyVersion: "2026-11-24", ConsentTime: timestamppb.New(time.Now().Add(time.Hour))},
	} {
		if _, err := accounts.RecordCookieConsent(context.Background(), connect.NewRequest(req)); connecttest.Code(err) != connect.CodeInvalidArgument {
			t.Errorf("%s: %v, want InvalidArgument", name, err)
		}
	}
}

// TestDeleteMyAccount deletes an account with orders, a consent record, a
// customer record and two sessions, then scans the whole database: the
// shopper's personal data is left only in the retained orders (name and
// address, marked and dated), every session is gone, the old cookie no
// longer signs in, another shopper is untouched, and signing in again with
// the same identity makes a new, empty account.
func TestDeleteMyAccount(t *testing.T) {
	t.Parallel()
	a := newRightsAPI(t)
	ctx := context.Background()
	accounts, orders, mariaID := a.signIn(t, maria.subject, maria.email, maria.name)
	secondDevice, _, _ := a.signIn(t, maria.subject, maria.email, maria.name)
	a.order(t, orders, maria.name, maria.deliveryEmail, maria.phone, maria.address)
	a.order(t, orders, maria.name, maria.deliveryEmail, maria.phone, maria.address)
	if _, err := accounts.RecordCookieConsent(ctx, consent(true)); err != nil {
		t.Fatal(err)
	}
	if _, err := accounts.ExportMyData(ctx, connect.NewRequest(&saboresv1.ExportMyDataRequest{})); err != nil {
		t.Fatal(err)
	}
	joaoAccounts, joaoOrders, joaoID := a.signIn(t, "joao-sub", "joao@example.com", "João")
	a.order(t, joaoOrders, "João", "joao@example.com", "600999888", "Rúa 9")
	if _, err := joaoAccounts.RecordCookieConsent(ctx, consent(false)); err != nil {
		t.Fatal(err)
	}
	// An order placed at 23:30 UTC on 31 December 2026 is 00:30 on
	// 1 January 2027 in Madrid: a sale of 2027, kept to the end of 2033.
	if _, err := a.pool.Exec(ctx, `UPDATE orders SET created_at = '2026-12-31 23:30:00+00' WHERE id = (SELECT min(id) FROM orders WHERE user_id = $1)`, mariaID); err != nil {
		t.Fatal(err)
	}

	// What the e-mail queue, the newsletter and the contact form keep of
	// both shoppers, as they record it: order e-mails to the delivery
	// address (one bounced, its error quoting the address), a newsletter
	// subscription and a contact message under the account's address.
	for _, sql := range []string{
		`INSERT INTO outbound_emails (message_id, order_id, kind, recipient, last_error)
		 SELECT '<order-' || id || '@test>', id, 'order_received', delivery_email, '550 ' || delivery_email || ' unknown'
		 FROM orders WHERE user_id IN ($1, $2)`,
		`INSERT INTO newsletter_subscriptions (email, language, consent_version)
		 SELECT lower(email), 'es', '2026-11' FROM users WHERE id IN ($1, $2)`,
		`INSERT INTO contact_messages (name, email, phone, subject, message, language)
		 SELECT full_name, email, CASE WHEN id = $1 THEN '600111222' ELSE '600999888' END, 'pedido', 'Soy ' || full_name || ', sobre mi pedido', 'es' FROM users WHERE id IN ($1, $2)`,
		`INSERT INTO outbound_emails (message_id, kind, recipient, newsletter_id)
		 SELECT '<newsletter-' || id || '@test>', 'newsletter_confirm', email, id FROM newsletter_subscriptions
		 WHERE $1::bigint > 0 AND $2::bigint > 0`,
		// A published review of each one's order, signed with their first
		// name: public words of theirs.
		`INSERT INTO product_reviews (order_id, product_id, user_id, author, stars, body, language, status, moderated_at)
		 SELECT o.id, l.product_id, o.user_id, 'X.', 5, 'Muy bueno', 'es', 'published', now()
		 FROM orders o JOIN order_lines l ON l.order_id = o.id AND l.line_no = 1 WHERE o.user_id IN ($1, $2)`,
	} {
		if _, err := a.pool.Exec(ctx, sql, mariaID, joaoID); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}

	// The scan below finds what is there.
	if where := find(t, a.pool, maria.deliveryEmail, ""); !strings.Contains(where, "orders (2 rows)") || !strings.Contains(where, "customers (1 rows)") || !strings.Contains(where, "outbound_emails (2 rows)") {
		t.Fatalf("before deletion, the delivery email is in %q", where)
	}
	if where := find(t, a.pool, maria.email, ""); !strings.Contains(where, "newsletter_subscriptions") || !strings.Contains(where, "contact_messages") {
		t.Fatalf("before deletion, the account's email is in %q", where)
	}
	if _, err := accounts.DeleteMyAccount(ctx, connect.NewRequest(&saboresv1.DeleteMyAccountRequest{})); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Fatalf("DeleteMyAccount unconfirmed: %v, want InvalidArgument", err)
	}
	res, err := accounts.DeleteMyAccount(ctx, connect.NewRequest(&saboresv1.DeleteMyAccountRequest{Confirm: true}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Msg.GetRetainedOrders() != 2 {
		t.Errorf("retained orders = %d, want 2", res.Msg.GetRetainedOrders())
	}

	// Her reviews are gone, João's stay.
	var mine, his int
	if err := a.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE user_id = $1), count(*) FILTER (WHERE user_id = $2) FROM product_reviews`,
		mariaID, joaoID).Scan(&mine, &his); err != nil || mine != 0 || his == 0 {
		t.Errorf("reviews left: hers %d, his %d (%v); want none of hers and his kept", mine, his, err)
	}

	// No session left, and the old cookies (both devices) sign in no one.
	var sessions int
	if err := a.pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE user_id = $1`, mariaID).Scan(&sessions); err != nil || sessions != 0 {
		t.Errorf("sessions left = %d (%v), want 0", sessions, err)
	}
	for _, c := range []saboresv1connect.AccountServiceClient{accounts, secondDevice} {
		s, err := c.GetSession(ctx, connect.NewRequest(&saboresv1.GetSessionRequest{}))
		if err != nil || s.Msg.GetSignedIn() {
			t.Errorf("the old cookie still signs in: %v, %v", s, err)
		}
		if _, err := c.ExportMyData(ctx, connect.NewRequest(&saboresv1.ExportMyDataRequest{})); connecttest.Code(err) != connect.CodeUnauthenticated {
			t.Errorf("export with the old cookie: %v, want Unauthenticated", err)
		}
	}

	// The retained orders: marked, dated (end of the sale's year in Madrid,
	// plus 6 years), contact data erased.
	rows, err := a.pool.Query(ctx, `SELECT delivery_email, delivery_phone, delivery_name, account_deleted_at IS NOT NULL,
		retain_until::text, customer_id IS NULL FROM orders WHERE user_id = $1 ORDER BY id`, mariaID)
	if err != nil {
		t.Fatal(err)
	}
	var retain []string
	for rows.Next() {
		var email, phone, name, until string
		var marked, noCustomer bool
		if err := rows.Scan(&email, &phone, &name, &marked, &until, &noCustomer); err != nil {
			t.Fatal(err)
		}
		if email != "" || phone != "" || name != maria.name || !marked || !noCustomer {
			t.Errorf("retained order: email %q phone %q name %q marked %v customer unlinked %v", email, phone, name, marked, noCustomer)
		}
		retain = append(retain, until)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	thisYear := time.Now().In(shoptime.Madrid).Year()
	if want := []string{"2033-12-31", fmt.Sprintf("%d-12-31", thisYear+6)}; fmt.Sprint(retain) != fmt.Sprint(want) {
		t.Errorf("retain until = %v, want %v", retain, want)
	}

	// The whole database: maria's identifiers appear nowhere, her name
	// only in her retained orders.
	for _, needle := range []string{maria.subject, maria.email, maria.phone, maria.deliveryEmail} {
		if where := find(t, a.pool, needle, ""); where != "" {
			t.Errorf("%q is still in %s", needle, where)
		}
	}
	if where := find(t, a.pool, maria.name, "orders"); where != "" {
		t.Errorf("%q is still in %s", maria.name, where)
	}
	var audit string
	if err := a.pool.QueryRow(ctx, `SELECT string_agg(action || ' by ' || actor, ', ' ORDER BY id) FROM audit_events WHERE actor_user_id = $1`, mariaID).Scan(&audit); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("account.export by user:%d, account.delete by user:%d", mariaID, mariaID); audit != want {
		t.Errorf("audit trail = %q, want %q", audit, want)
	}

	// A call that passed the session check before the deletion committed
	// writes nothing for the deleted account.
	late := auth.WithPrincipal(ctx, auth.Principal{UserID: mariaID, Email: maria.email, Role: auth.RoleClient})
	if _, err := accountapi.New(account.New(a.pool)).RecordCookieConsent(late, consent(true)); connecttest.Code(err) != connect.CodeFailedPrecondition {
		t.Errorf("late consent: %v, want FailedPrecondition", err)
	}
	if _, err := orderapi.New(order.New(a.pool)).PlaceOrder(late, connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(),
		Lines:          []*saboresv1.CartLineInput{{ProductId: a.product, Quantity: 1}},
		Delivery: &saboresv1.DeliveryInput{Name: maria.name, Email: maria.deliveryEmail, Phone: maria.phone,
			Address: maria.address, City: "Burela", PostalCode: "27880"},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
	})); connecttest.Code(err) != connect.CodeFailedPrecondition {
		t.Errorf("late order: %v, want FailedPrecondition", err)
	}

	// João is untouched.
	var joaoRows int
	if err := a.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM sessions WHERE user_id = $1) + (SELECT count(*) FROM cookie_consents WHERE user_id = $1)
		+ (SELECT count(*) FROM customers WHERE user_id = $1) + (SELECT count(*) FROM orders WHERE user_id = $1 AND delivery_email <> '')
		+ (SELECT count(*) FROM outbound_emails WHERE recipient = 'joao@example.com') + (SELECT count(*) FROM newsletter_subscriptions WHERE email = 'joao@example.com')
		+ (SELECT count(*) FROM contact_messages WHERE email = 'joao@example.com')`, joaoID).Scan(&joaoRows); err != nil || joaoRows != 8 {
		t.Errorf("joão's session, consent, customer, order, 2 e-mails, subscription and message = %d rows (%v), want 8", joaoRows, err)
	}
	var kept int
	if err := a.pool.QueryRow(ctx, `SELECT count(*) FROM outbound_emails e JOIN orders o ON o.id = e.order_id WHERE o.user_id = $1 AND e.recipient = ''`, mariaID).Scan(&kept); err != nil || kept != 2 {
		t.Errorf("maria's order e-mails kept without their recipient = %d (%v), want 2 (the record that each was sent stays)", kept, err)
	}

	// Signing in again with the same identity makes a new, empty account.
	again, _, againID := a.signIn(t, maria.subject, maria.email, maria.name)
	if againID == mariaID {
		t.Fatalf("signing in again reopened the deleted account %d", mariaID)
	}
	export, err := again.ExportMyData(ctx, connect.NewRequest(&saboresv1.ExportMyDataRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if m := export.Msg; len(m.GetOrders()) != 0 || m.GetCustomer() != nil || len(m.GetCookieConsents()) != 0 || len(m.GetAddresses()) != 0 {
		t.Errorf("the new account is not empty: %v", m)
	}
}

// find names the tables (and, for allowed, only rows of that table not
// retained for tax) in which some row contains needle.
func find(t *testing.T, pool *pgxpool.Pool, needle, allowed string) string {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	var found []string
	for _, table := range tables {
		q := fmt.Sprintf(`SELECT count(*) FROM %q t WHERE strpos(to_jsonb(t)::text, $1) > 0`, table)
		if table == allowed {
			q += ` AND NOT (account_deleted_at IS NOT NULL AND retain_until IS NOT NULL)`
		}
		var n int
		if err := pool.QueryRow(ctx, q, needle).Scan(&n); err != nil {
			t.Fatalf("scan %s: %v", table, err)
		}
		if n > 0 {
			found = append(found, fmt.Sprintf("%s (%d rows)", table, n))
		}
	}
	return strings.Join(found, ", ")
}

// TestDeletionErasesOnlyWhatIsTheShoppers: an address typed at checkout
// may be anyone's. A shopper who typed a victim's address and then deletes
// the account erases the victim's newsletter subscription, contact message
// and their e-mails no more (the review's finding), while the account's own
// address and the e-mails about the shopper's own orders go, as the audit
// line counts.
func TestDeletionErasesOnlyWhatIsTheShoppers(t *testing.T) {
	t.Parallel()
	a := newRightsAPI(t)
	ctx := context.Background()
	const victim = "victima@example.com"
	accounts, orders, mariaID := a.signIn(t, maria.subject, maria.email, maria.name)
	a.order(t, orders, maria.name, victim, maria.phone, maria.address)
	for _, sql := range []string{
		`INSERT INTO outbound_emails (message_id, order_id, kind, recipient)
		 SELECT '<order-' || id || '@test>', id, 'order_received', delivery_email FROM orders WHERE user_id = $1 AND $2 <> $3`,
		`INSERT INTO newsletter_subscriptions (email, language, consent_version) SELECT $2, 'es', '2026-11' WHERE $1::bigint > 0 UNION ALL SELECT $3, 'es', '2026-11'`,
		`INSERT INTO contact_messages (name, email, subject, message, language) SELECT 'Víctima', $2, 'otros', 'Hola', 'es' WHERE $1::bigint > 0 UNION ALL SELECT 'María', $3, 'otros', 'Hola', 'es'`,
		`INSERT INTO outbound_emails (message_id, kind, recipient, newsletter_id)
		 SELECT '<newsletter-' || id || '@test>', 'newsletter_confirm', email, id FROM newsletter_subscriptions WHERE email = $2 AND $1::bigint > 0 AND $3 <> ''`,
	} {
		if _, err := a.pool.Exec(ctx, sql, mariaID, victim, maria.email); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	if _, err := accounts.DeleteMyAccount(ctx, connect.NewRequest(&saboresv1.DeleteMyAccountRequest{Confirm: true})); err != nil {
		t.Fatal(err)
	}
	var victims int
	if err := a.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM newsletter_subscriptions WHERE email = $1)
		+ (SELECT count(*) FROM contact_messages WHERE email = $1)
		+ (SELECT count(*) FROM outbound_emails WHERE recipient = $1 AND newsletter_id IS NOT NULL)`, victim).Scan(&victims); err != nil || victims != 3 {
		t.Errorf("the victim's subscription, message and its e-mail = %d rows (%v), want 3 untouched", victims, err)
	}
	var own, orderMail int
	if err := a.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM newsletter_subscriptions WHERE email = $1)
		+ (SELECT count(*) FROM contact_messages WHERE email = $1)`, maria.email).Scan(&own); err != nil || own != 0 {
		t.Errorf("the account's own subscription and message = %d rows (%v), want them deleted", own, err)
	}
	if err := a.pool.QueryRow(ctx, `SELECT count(*) FROM outbound_emails e JOIN orders o ON o.id = e.order_id
		WHERE o.user_id = $1 AND e.recipient <> ''`, mariaID).Scan(&orderMail); err != nil || orderMail != 0 {
		t.Errorf("e-mails about the shopper's own order still addressed = %d (%v), want 0", orderMail, err)
	}
	var counts string
	if err := a.pool.QueryRow(ctx, `SELECT new_value::text FROM audit_events WHERE action = 'account.delete' AND actor_user_id = $1`, mariaID).Scan(&counts); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"emails_forgotten": 1`, `"newsletter_subscriptions_deleted": 1`, `"contact_messages_deleted": 1`} {
		if !strings.Contains(counts, want) {
			t.Errorf("audit line %s, want it to say %s", counts, want)
		}
	}
}
