// Package apperr turns domain and database errors into Connect errors, once,
// at the edge: handlers return whatever went wrong and the error interceptor
// maps it, so no raw SQL text ever reaches a client.
package apperr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"syscall"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// ErrNotFound is returned by domain code for an unknown or invisible entity.
var ErrNotFound = errors.New("not found")

// Business is a broken business rule a client can act on, such as too
// little stock. Reason is an UPPER_SNAKE code clients translate; Metadata
// carries the figures (available: "3").
type Business struct {
	Code     connect.Code
	Reason   string
	Message  string
	Metadata map[string]string
}

func (b *Business) Error() string { return b.Message }

// Invalid returns an InvalidArgument error naming the field at fault.
func Invalid(field, message string) error {
	err := connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("%s: %s", field, message))
	if detail, derr := connect.NewErrorDetail(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: message}},
	}); derr == nil {
		err.AddDetail(detail)
	}
	return err
}

// Unauthenticated returns the error of a call that needs a signed-in
// person and has none.
func Unauthenticated(message string) error {
	return connect.NewError(connect.CodeUnauthenticated, errors.New(message))
}

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
	var biz *Business
	if errors.As(err, &biz) || asRefusal(err, &biz) {
		out := connect.NewError(biz.Code, errors.New(biz.Message))
		if detail, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{
			Reason: biz.Reason, Domain: Domain, Metadata: biz.Metadata,
		}); derr == nil {
			out.AddDetail(detail)
		}
		return out
	}
	switch {
	case errors.Is(err, ErrNotFound), errors.Is(err, pgx.ErrNoRows):
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

// Refusal is a broken business rule declared by the domain layer (package
// shop: a lifecycle step not allowed, a hoarding limit), which names its
// reason without importing Connect. It maps to FailedPrecondition, or to
// ResourceExhausted when the caller must first free something (pay or
// cancel another order) rather than change the request.
type Refusal interface {
	error
	RefusalReason() string
	RefusalMetadata() map[string]string
	RefusalExhausted() bool
}

// asRefusal maps a Refusal in err's chain to a Business error.
func asRefusal(err error, out **Business) bool {
	var r Refusal
	if !errors.As(err, &r) {
		return false
	}
	code := connect.CodeFailedPrecondition
	if r.RefusalExhausted() {
		code = connect.CodeResourceExhausted
	}
	*out = &Business{Code: code, Reason: r.RefusalReason(), Message: r.Error(), Metadata: r.RefusalMetadata()}
	return true
}
