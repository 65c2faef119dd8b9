package guard

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// IdempotencyKeyHeader carries the key, as in Stripe's API and the IETF
// draft (draft-ietf-httpapi-idempotency-key-header): a string of 1 to 255
// characters, quoted as a structured field or bare.
const IdempotencyKeyHeader = "Idempotency-Key"

// ReplayedHeader marks an answer kept from the key's first call.
const ReplayedHeader = "Idempotent-Replayed"

// IdempotencyRetention is how long a key's answer is kept: a day, as
// Stripe's, longer than any client's retries.
const IdempotencyRetention = 24 * time.Hour

// Reasons of the refusals, in the ErrorInfo detail.
const (
	ReasonIdempotencyKeyInvalid = "IDEMPOTENCY_KEY_INVALID"
	ReasonIdempotencyKeyReused  = "IDEMPOTENCY_KEY_REUSED"
	ReasonIdempotencyKeyInUse   = "IDEMPOTENCY_KEY_IN_USE"
)

// IdempotencyKeys makes a write sent with an Idempotency-Key safe to retry:
// the first call claims the caller's key and keeps its answer; a retry (the
// same procedure and request) gets that answer, marked Idempotent-Replayed,
// without writing again. The key sent with another request is refused
// (FailedPrecondition, IDEMPOTENCY_KEY_REUSED), and while the first call
// runs a twin is refused (Aborted, IDEMPOTENCY_KEY_IN_USE: retry shortly).
// A call that fails frees its key, since its transaction rolled back. It
// applies to the procedures writes names, for identified callers; calls
// without the header pass untouched. It must run after authentication.
//
// The answer is kept after the write committed, outside its transaction:
// should the process die between the two, the key stays in use until it
// expires, and the caller sees IDEMPOTENCY_KEY_IN_USE rather than a second
// write.
func IdempotencyKeys(pool *pgxpool.Pool, writes func(connect.Spec) bool, now func() time.Time) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			header := req.Header().Get(IdempotencyKeyHeader)
			caller := idempotencyCaller(auth.FromContext(ctx))
			if req.Spec().IsClient || header == "" || caller == "" || !writes(req.Spec()) {
				return next(ctx, req)
			}
			key, ok := parseIdempotencyKey(header)
			if !ok {
				return nil, idempotencyRefusal(connect.CodeInvalidArgument, ReasonIdempotencyKeyInvalid,
					"Idempotency-Key must be 1 to 255 printable ASCII characters")
			}
			msg, ok := req.Any().(proto.Message)
			if !ok {
				return next(ctx, req)
			}
			hash, err := requestHash(req.Spec().Procedure, msg)
			if err != nil {
				return nil, fmt.Errorf("guard: hash the request: %w", err)
			}
			q := db.New(pool)
			at := now()
			claimed, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
				Caller: caller, IdempotencyKey: key, Procedure: req.Spec().Procedure, RequestHash: hash,
				Now: at, ExpiredBefore: at.Add(-IdempotencyRetention),
			})
			if err != nil {
				return nil, fmt.Errorf("guard: claim the idempotency key: %w", err)
			}
			if claimed == 0 {
				return replay(ctx, q, req, caller, key, hash)
			}
			res, err := next(ctx, req)
			// The call's outcome is settled: keeping or freeing its key must
			// not be cut short by a client that went away.
			keep := context.WithoutCancel(ctx)
			if err != nil {
				_ = q.ReleaseIdempotencyKey(keep, db.ReleaseIdempotencyKeyParams{Caller: caller, IdempotencyKey: key})
				return res, err
			}
			if out, ok := res.Any().(proto.Message); ok {
				if b, merr := proto.Marshal(out); merr == nil {
					_ = q.SaveIdempotentResponse(keep, db.SaveIdempotentResponseParams{Caller: caller, IdempotencyKey: key, Response: b})
				}
			}
			return res, nil
		}
	}
}

// BackOfficeWrite says which calls IdempotencyKeys applies to: the back
// office's (Admin…Service) that may change something. SyncStock claims its
// key in its own transaction (the request's idempotency_key field), and the
// till's sales carry theirs in the sale.
func BackOfficeWrite(spec connect.Spec) bool {
	return strings.HasPrefix(spec.Procedure, "/sabores.v1.Admin") &&
		spec.IdempotencyLevel == connect.IdempotencyUnknown &&
		spec.Procedure != saboresv1connect.AdminStockServiceSyncStockProcedure
}

// replay answers a call whose key was claimed before: with the first
// answer when it is the same call, else with why not.
func replay(ctx context.Context, q *db.Queries, req connect.AnyRequest, caller, key string, hash []byte) (connect.AnyResponse, error) {
	first, err := q.GetIdempotentRequest(ctx, db.GetIdempotentRequestParams{Caller: caller, IdempotencyKey: key})
	if err != nil {
		// Freed by a failed call between the claim and this read: the
		// client's next retry claims it.
		return nil, idempotencyRefusal(connect.CodeAborted, ReasonIdempotencyKeyInUse,
			"a call with this Idempotency-Key was running: try again")
	}
	if first.Procedure != req.Spec().Procedure || string(first.RequestHash) != string(hash) {
		return nil, idempotencyRefusal(connect.CodeFailedPrecondition, ReasonIdempotencyKeyReused,
			"this Idempotency-Key was used for another request: use a new key for a new request")
	}
	if first.Response == nil {
		return nil, idempotencyRefusal(connect.CodeAborted, ReasonIdempotencyKeyInUse,
			"a call with this Idempotency-Key is still running: try again shortly")
	}
	md, ok := req.Spec().Schema.(protoreflect.MethodDescriptor)
	if !ok {
		return nil, fmt.Errorf("guard: %s has no schema to replay its answer", req.Spec().Procedure)
	}
	// The handler sends whatever message it is given: a dynamic one of the
	// response's type marshals to the same bytes as the generated one.
	out := dynamicpb.NewMessage(md.Output())
	if err := proto.Unmarshal(first.Response, out); err != nil {
		return nil, fmt.Errorf("guard: read the kept answer: %w", err)
	}
	res := connect.NewResponse(out)
	res.Header().Set(ReplayedHeader, "true")
	return res, nil
}

// requestHash identifies a call: its procedure and its message, marshalled
// deterministically.
func requestHash(procedure string, msg proto.Message) ([]byte, error) {
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	h.Write([]byte(procedure))
	h.Write([]byte{0})
	h.Write(b)
	return h.Sum(nil), nil
}

// idempotencyCaller names whose keys these are: an API key's or a signed-in
// person's; "" for anyone else.
func idempotencyCaller(p auth.Principal) string {
	switch {
	case p.APIKeyID != 0:
		return "key:" + strconv.FormatInt(p.APIKeyID, 10)
	case p.UserID != 0:
		return "user:" + strconv.FormatInt(p.UserID, 10)
	}
	return ""
}

// parseIdempotencyKey reads the header's value: a structured-field string
// ("…") or the bare key, 1 to 255 printable ASCII characters.
func parseIdempotencyKey(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	if v == "" || len(v) > 255 {
		return "", false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 || v[i] > 0x7e || v[i] == '"' || v[i] == '\\' {
			return "", false
		}
	}
	return v, true
}

// idempotencyRefusal is a refused call with its reason, as apperr words
// the business modules' refusals.
func idempotencyRefusal(code connect.Code, reason, message string) *connect.Error {
	err := connect.NewError(code, errors.New(message))
	if detail, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: reason, Domain: apperr.Domain}); derr == nil {
		err.AddDetail(detail)
	}
	return err
}
