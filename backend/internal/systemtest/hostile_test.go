package systemtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/server"
	_ "github.com/sabores/sabores/gen/go/sabores/v1" // registers the contract's descriptors
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// hostileCase is one request body sent to an RPC.
type hostileCase struct {
	name string
	body []byte
}

// Hostile values by kind of field. Strings: huge, SQL and HTML meta
// characters, LIKE wildcards, a NUL, control and right-to-left characters.
var (
	hostileStrings = map[string]string{
		"huge":      strings.Repeat("ñ", 20_000),
		"sql":       "'; DROP TABLE products; --",
		"sql-or":    "' OR '1'='1",
		"html":      `<script>alert(1)</script><img src=x onerror=alert(1)>`,
		"like":      `%_\%`,
		"nul":       "a\x00b",
		"control":   "\u202e\u0007\r\n\t",
		"path":      "../../../etc/passwd",
		"offsite":   "//evil.example/x",
		"backslash": "/\\evil.example/x",
		"uuid-like": "00000000-0000-0000-0000-00000000000g",
	}
	hostileNumbers = map[string]string{
		"negative":   "-1",
		"min-int32":  "-2147483648",
		"max-int32":  "2147483647",
		"overflow":   "9223372036854775808",
		"max-int64":  `"9223372036854775807"`,
		"min-int64":  `"-9223372036854775808"`,
		"float":      "1.5",
		"exp":        "1e40",
		"wrong-type": `"twelve"`,
		"bool":       "true",
	}
	hostileEnums = map[string]string{
		"unknown-number": "999",
		"unknown-name":   `"NOT_A_VALUE"`,
		"negative":       "-1",
		"wrong-type":     "{}",
	}
	hostileOther = map[string]string{
		"wrong-type-string": `"x"`,
		"wrong-type-number": "7",
		"wrong-type-array":  "[1]",
		"null":              "null",
	}
)

// invalidUTF8 is a string field's JSON with raw invalid UTF-8 bytes.
var invalidUTF8 = []byte("\"\xff\xfe\xc3\x28\"")

// hostileCases builds, for every field of an RPC's request, bodies with
// that field set to each hostile value, plus whole-body attacks.
func hostileCases(md protoreflect.MessageDescriptor) []hostileCase {
	cases := []hostileCase{
		{"empty object", []byte(`{}`)},
		{"not json", []byte(`{"`)},
		{"array body", []byte(`[]`)},
		{"string body", []byte(`"hello"`)},
		{"unknown field", []byte(`{"notAField": 1}`)},
		{"deep nesting", []byte(strings.Repeat("[", 10000) + strings.Repeat("]", 10000))},
		{"oversized body", append(append([]byte(`{"x":"`), bytes.Repeat([]byte("a"), 2<<20)...), []byte(`"}`)...)},
	}
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		name := f.JSONName()
		add := func(label, value string) {
			cases = append(cases, hostileCase{name + "=" + label, []byte(fmt.Sprintf(`{%q: %s}`, name, value))})
		}
		if f.IsList() {
			add("huge-list", "["+strings.TrimSuffix(strings.Repeat(elementFor(f)+",", 5000), ",")+"]")
			add("not-a-list", `"x"`)
			continue
		}
		if f.IsMap() {
			add("not-a-map", "[1]")
			continue
		}
		switch f.Kind() {
		case protoreflect.StringKind:
			for label, v := range hostileStrings {
				b, _ := json.Marshal(v)
				add(label, string(b))
			}
			cases = append(cases, hostileCase{name + "=invalid-utf8", append(append([]byte(fmt.Sprintf(`{%q: `, name)), invalidUTF8...), '}')})
			add("wrong-type", "12")
		case protoreflect.Int32Kind, protoreflect.Int64Kind, protoreflect.Sint32Kind, protoreflect.Sint64Kind,
			protoreflect.Uint32Kind, protoreflect.Uint64Kind, protoreflect.Sfixed32Kind, protoreflect.Sfixed64Kind,
			protoreflect.Fixed32Kind, protoreflect.Fixed64Kind, protoreflect.DoubleKind, protoreflect.FloatKind:
			for label, v := range hostileNumbers {
				add(label, v)
			}
		case protoreflect.EnumKind:
			for label, v := range hostileEnums {
				add(label, v)
			}
		default:
			for label, v := range hostileOther {
				add(label, v)
			}
		}
	}
	return cases
}

// elementFor is a plausible element of a repeated field, for huge lists.
func elementFor(f protoreflect.FieldDescriptor) string {
	switch f.Kind() {
	case protoreflect.MessageKind:
		return "{}"
	case protoreflect.StringKind:
		return `"x"`
	case protoreflect.EnumKind:
		return "1"
	default:
		return "1"
	}
}

// tablesChecksum digests every table a request could change. Sessions are
// left out: a signed-in call renews its own session by design, as a call
// with an API key records its last use; so are the order limit's token
// buckets, which count every checkout attempt, refused ones included.
//
// The suites call it thousands of times, one request at a time, so it is
// one statement (a round trip a table made them wait minutes on the
// scheduler of a busy CI machine) and each table's digest is its row count
// and the sum of its rows' hashes: no sort, no string of the whole table,
// and still any changed, added or removed row changes it.
func tablesChecksum(t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	ctx := context.Background()
	type table struct {
		Name     string
		LastUsed bool
	}
	rows, err := pool.Query(ctx, `SELECT c.relname AS name,
			EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'last_used_at' AND NOT a.attisdropped) AS last_used
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
		  -- webhook_dispatch is the webhook dispatcher's cursor, which its
		  -- minute sweep moves over new events whatever the requests do.
		  AND c.relname NOT IN ('sessions', 'rate_buckets', 'goose_db_version', 'webhook_dispatch')
		ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowToStructByPos[table])
	if err != nil {
		t.Fatal(err)
	}
	digests := make([]string, len(tables))
	for i, tb := range tables {
		row := "t::text"
		if tb.LastUsed {
			// An API key's last use is recorded by design (at most once a minute).
			row = "(to_jsonb(t) - 'last_used_at')::text"
		}
		digests[i] = fmt.Sprintf(`(SELECT count(*) || ':' || coalesce(sum(hashtextextended(%s, 0)), 0) FROM %s t)`,
			row, pgx.Identifier{tb.Name}.Sanitize())
	}
	var got []string
	if err := pool.QueryRow(ctx, "SELECT ARRAY["+strings.Join(digests, ", ")+"]::text[]").Scan(&got); err != nil {
		t.Fatalf("checksum: %v", err)
	}
	var sum strings.Builder
	for i, tb := range tables {
		fmt.Fprintf(&sum, "%s=%s\n", tb.Name, got[i])
	}
	return sum.String()
}

// ownRecord are the RPCs whose accepted call writes a record of the caller's
// own by design, whoever calls: an export of one's data is audited. The
// suite allows those changes, and no other.
var ownRecord = map[string]bool{
	saboresv1connect.AccountServiceExportMyDataProcedure: true,
}

// connectError is a Connect unary error body.
type connectError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// allowedCodes are the answers a hostile request may get. Success is
// allowed (a search for "<script>" is a fine search that finds nothing);
// Internal, Unknown or a hang are not.
var allowedCodes = map[string]bool{
	"ok": true, "invalid_argument": true, "resource_exhausted": true, "not_found": true,
	"unauthenticated": true, "permission_denied": true, "failed_precondition": true, "out_of_range": true,
}

// TestHostileInput sends hostile requests to every RPC of every service
// over Connect JSON, as an anonymous visitor, a signed-in client, an admin
// and an API key holding every scope: each gets a clear client error (or a
// harmless success), never Internal or Unknown, and the database is
// unchanged afterwards (but for the caller's own records, ownRecord); no country tile ends up linking off the site.
func TestHostileInput(t *testing.T) {
	// Not parallel: its thousands of calls take 41 s alone, but beside the
	// package's other shops on a loaded machine they ran past 16 minutes.
	if testing.Short() {
		t.Skip("hostile suite: thousands of requests")
	}
	direct := dbtest.NewSeeded(t)
	_, clientToken := signIn(t, direct, "hostile-client")
	var adminID int64
	if err := direct.QueryRow(context.Background(), `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	adminToken := sessionFor(t, direct, adminID)
	shop := newTestShop(t, dbtest.URL(direct), io.Discard)
	key, err := auth.CreateAPIKey(context.Background(), db.New(direct), "hostile", auth.Scopes, nil, &adminID)
	if err != nil {
		t.Fatal(err)
	}
	before := tablesChecksum(t, direct)

	callers := []struct {
		name   string
		client *http.Client
		// admin callers may make the changes validation accepts.
		admin bool
	}{
		{"anonymous", client(""), false},
		{"client", client(clientToken), false},
		{"admin", client(adminToken), true},
		{"API key", &http.Client{Transport: bearerTransport{key: key.Secret}}, true},
	}
	var sent int
	codes := map[string]int{}
	state := before
	for _, caller := range callers {
		for _, svcName := range server.ServiceNames() {
			d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(svcName))
			if err != nil {
				t.Fatal(err)
			}
			methods := d.(protoreflect.ServiceDescriptor).Methods()
			for i := range methods.Len() {
				m := methods.Get(i)
				procedure := "/" + svcName + "/" + string(m.Name())
				mutates := m.Options().(*descriptorpb.MethodOptions).GetIdempotencyLevel() != descriptorpb.MethodOptions_NO_SIDE_EFFECTS
				for _, c := range hostileCases(m.Input()) {
					var code, msg string
					if m.IsStreamingServer() {
						code, msg = postStreamingJSON(t, caller.client, shop.URL+procedure, c.body)
					} else {
						code, msg = postJSON(t, caller.client, shop.URL+procedure, c.body)
					}
					sent++
					codes[code]++
					if !allowedCodes[code] {
						t.Errorf("%s as %s, %s: %s %q", procedure, caller.name, c.name, code, msg)
					} else if code != "ok" && strings.TrimSpace(msg) == "" {
						t.Errorf("%s as %s, %s: %s without a message", procedure, caller.name, c.name, code)
					}
					// An admin's (or key's) change that passes validation (an
					// empty UpdateSignInConfig is "not configured, basic
					// branding") may change the database; a refused one never
					// does.
					if (caller.admin && mutates) || (code == "ok" && ownRecord[procedure]) {
						after := tablesChecksum(t, direct)
						if after != state && code != "ok" {
							t.Errorf("%s as admin, %s: refused (%s) but changed the database", procedure, c.name, code)
						}
						if after != state {
							t.Logf("accepted change: %s as admin, %s", procedure, c.name)
						}
						state = after
					}
				}
			}
		}
		if !caller.admin {
			if after := tablesChecksum(t, direct); after != state {
				t.Errorf("the database changed under hostile input as %s:\nbefore:\n%s\nafter:\n%s", caller.name, before, after)
			}
		}
	}
	t.Logf("%d hostile requests: %v", sent, codes)
	if after := tablesChecksum(t, direct); after != state {
		t.Errorf("the database changed under hostile input as admin")
	}
	var offsite int
	if err := direct.QueryRow(context.Background(), `SELECT count(*) FROM countries
		WHERE href !~ '^/([a-z0-9-]+(/[a-z0-9-]+)*)?$' OR image_url ~ '^/[/\\]' OR image_url ~ '[\\[:space:]]'`).Scan(&offsite); err != nil {
		t.Fatal(err)
	}
	if offsite != 0 {
		t.Errorf("%d country tiles link or point off the site after hostile input", offsite)
	}
}

// sessionFor opens a session for an existing user and returns its token.
func sessionFor(t *testing.T, pool *pgxpool.Pool, userID int64) string {
	t.Helper()
	token := fmt.Sprintf("hostile-admin-token-%d", userID)
	if _, err := pool.Exec(context.Background(),
		`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (sha256($1::bytea), $2, now() + interval '1 hour')`,
		[]byte(token), userID); err != nil {
		t.Fatal(err)
	}
	return token
}

// postJSON sends a Connect unary JSON request and returns the code ("ok"
// or the Connect error code) and message.
func postJSON(t *testing.T, c *http.Client, u string, body []byte) (string, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := c.Do(req)
	if err != nil {
		return "transport-error", err.Error()
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if res.StatusCode == http.StatusOK {
		return "ok", ""
	}
	var e connectError
	if err := json.Unmarshal(raw, &e); err != nil || e.Code == "" {
		return fmt.Sprintf("http-%d", res.StatusCode), string(raw)
	}
	return e.Code, e.Message
}

// postStreamingJSON sends a Connect server-streaming call with one JSON
// request message and returns the code it ended with ("ok" or the Connect
// error code) and its message.
func postStreamingJSON(t *testing.T, c *http.Client, u string, body []byte) (string, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(connecttest.StreamingBody(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", connecttest.StreamingContentType)
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := c.Do(req)
	if err != nil {
		return "transport-error", err.Error()
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if res.StatusCode != http.StatusOK {
		return fmt.Sprintf("http-%d", res.StatusCode), string(raw)
	}
	_, code, msg, err := connecttest.StreamingOutcome(raw)
	switch {
	case err != nil:
		return "bad-stream", err.Error()
	case code == "":
		return "ok", ""
	}
	return code, msg
}
