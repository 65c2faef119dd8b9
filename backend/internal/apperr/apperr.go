// Package apperr turns the business modules' faults and database errors
// into Connect errors, once, at the edge: handlers return whatever went
// wrong and the error interceptor maps it, so no raw SQL text ever reaches a
// client and no module needs to know the wire's codes.
package apperr

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"syscall"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/fault"
)

// Domain is the ErrorInfo domain of every business error.
const Domain = "sabores.v1"

// ToConnect maps err to a Connect error. Errors that are already Connect
// errors pass through; unexpected ones become Internal with a generic
// message, and their cause is logged here, the one place errors are logged.
func ToConnect(ctx context.Context, procedure string, err error) error {
	if err == nil {
		return nil
	}
	var cerr *connect.Error
	if errors.As(err, &cerr) {
		return cerr
	}
	if f, ok := fault.As(err); ok {
		return fromFault(f)
	}
	switch {
	case errors.Is(err, fault.ErrNotFound), errors.Is(err, pgx.ErrNoRows):
		return connect.NewError(connect.CodeNotFound, errors.New("not found"))
	case errors.Is(err, context.Canceled):
		return connect.NewError(connect.CodeCanceled, errors.New("request canceled"))
	case errors.Is(err, context.DeadlineExceeded):
		return connect.NewError(connect.CodeDeadlineExceeded, errors.New("deadline exceeded"))
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505": // unique_violation
			return connect.NewError(connect.CodeAlreadyExists, errors.New("already exists"))
		case "23514", "23502", "22001", "22003", "22P02", // check, not null, too long, out of range, bad text
			"22021", "22P05": // a NUL byte or invalid UTF-8 in text
			return connect.NewError(connect.CodeInvalidArgument, errors.New("invalid value"))
		case "23503": // foreign_key_violation
			return connect.NewError(connect.CodeFailedPrecondition, errors.New("refers to something that does not exist"))
		case "40001", "40P01": // serialization failure, deadlock
			return connect.NewError(connect.CodeAborted, errors.New("conflict with a concurrent change, try again"))
		case "57014": // query_canceled (statement timeout)
			return connect.NewError(connect.CodeDeadlineExceeded, errors.New("the database took too long"))
		}
	}
	if pgconn.SafeToRetry(err) || isConnectionError(err) {
		slog.WarnContext(ctx, "database unavailable", "procedure", procedure, "error", err)
		return connect.NewError(connect.CodeUnavailable, errors.New("service temporarily unavailable"))
	}
	slog.ErrorContext(ctx, "internal error", "procedure", procedure, "error", err)
	return connect.NewError(connect.CodeInternal, errors.New("internal error"))
}

// isConnectionError reports a database link that failed: no connection
// could be made, or one broke mid-statement (the server or the network went
// away). The client may retry; for PlaceOrder the idempotency key makes
// that safe even when the commit had gone through.
func isConnectionError(err error) bool {
	var connErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connErr) || errors.As(err, &netErr) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// Outcome names the result of an RPC as the request log and the metrics
// show it: "ok", or the Connect code the client gets. A call whose client
// went away counts as canceled whatever the handler made of it.
func Outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, context.Canceled):
		return connect.CodeCanceled.String()
	default:
		return connect.CodeOf(err).String()
	}
}

// Interceptor applies ToConnect to every handler's error.
func Interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				return nil, ToConnect(ctx, req.Spec().Procedure, err)
			}
			return res, nil
		}
	}
}

// codes maps each kind of fault to the Connect code its callers expect.
var codes = map[fault.Kind]connect.Code{
	fault.Invalid:         connect.CodeInvalidArgument,
	fault.NotFound:        connect.CodeNotFound,
	fault.Conflict:        connect.CodeAlreadyExists,
	fault.Refused:         connect.CodeFailedPrecondition,
	fault.Exhausted:       connect.CodeResourceExhausted,
	fault.Unauthenticated: connect.CodeUnauthenticated,
	fault.Forbidden:       connect.CodePermissionDenied,
}

// fromFault is a fault as the client sees it: its code, its message, its
// reason and figures (and each further cause's) as an ErrorInfo and the field at fault as a
// BadRequest field violation (with the same reason), the shape Validate
// gives the contract's rules too.
func fromFault(f *fault.Error) *connect.Error {
	code, ok := codes[f.Kind]
	if !ok {
		code = connect.CodeFailedPrecondition
	}
	out := connect.NewError(code, errors.New(f.Message))
	if f.Reason != "" {
		if detail, err := connect.NewErrorDetail(&errdetails.ErrorInfo{
			Reason: f.Reason, Domain: Domain, Metadata: f.Metadata,
		}); err == nil {
			out.AddDetail(detail)
		}
	}
	for _, c := range f.Causes {
		if detail, err := connect.NewErrorDetail(&errdetails.ErrorInfo{
			Reason: c.Reason, Domain: Domain, Metadata: c.Metadata,
		}); err == nil {
			out.AddDetail(detail)
		}
	}
	if f.Field != "" {
		if detail, err := connect.NewErrorDetail(&errdetails.BadRequest{
			FieldViolations: []*errdetails.BadRequest_FieldViolation{{
				Field: f.Field, Description: strings.TrimPrefix(f.Message, f.Field+": "), Reason: f.Reason,
			}},
		}); err == nil {
			out.AddDetail(detail)
		}
	}
	return out
}
