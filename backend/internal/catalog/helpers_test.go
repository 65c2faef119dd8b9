package catalog_test

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
)

// codeAtEdge is the code a client sees for err: handlers return domain
// errors and the apperr interceptor maps them.
func codeAtEdge(err error) connect.Code {
	return connect.CodeOf(apperr.ToConnect(context.Background(), "test", err))
}
