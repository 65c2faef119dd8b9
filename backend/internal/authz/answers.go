package authz

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
)

// Answers sends with every answer what the gate's resolution decided about
// the session cookie (renewed or cleared) and marks answers to an
// identified caller as not to be stored (auth.AnswerHeaders): the headers
// of a response exist only once the handler ran.
func Answers() connect.Interceptor { return answers{} }

type answers struct{}

// WrapUnary implements connect.Interceptor.
func (answers) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		res, err := next(ctx, req)
		if req.Spec().IsClient || res == nil {
			return res, err
		}
		auth.AnswerHeaders(ctx, res.Header())
		return res, err
	}
}

// WrapStreamingClient implements connect.Interceptor; clients are not concerned.
func (answers) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

// WrapStreamingHandler implements connect.Interceptor.
func (answers) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		auth.AnswerHeaders(ctx, conn.ResponseHeader())
		return next(ctx, conn)
	}
}
