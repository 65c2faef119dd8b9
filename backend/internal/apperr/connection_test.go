package apperr_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
)

// TestBrokenLinkIsUnavailable: a database connection that breaks
// mid-statement is the client's cue to retry (Unavailable), not a bug
// (Internal).
func TestBrokenLinkIsUnavailable(t *testing.T) {
	t.Parallel()
	for _, err := range []error{
		fmt.Errorf("order: insert order: %w", io.ErrUnexpectedEOF),
		fmt.Errorf("catalog: %w", io.EOF),
		fmt.Errorf("cart: %w", &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}),
		fmt.Errorf("cart: %w", syscall.EPIPE),
	} {
		if got := connect.CodeOf(apperr.ToConnect(context.Background(), "/test", err)); got != connect.CodeUnavailable {
			t.Errorf("%v → %s, want unavailable", err, got)
		}
	}
}
