package apperr_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
)

// TestOutcome: the name logs and metrics give a call's result.
func TestOutcome(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		want string
	}{
		{nil, "ok"},
		{connect.NewError(connect.CodeNotFound, errors.New("not found")), "not_found"},
		{fmt.Errorf("order: %w", context.Canceled), "canceled"},
		{connect.NewError(connect.CodeInternal, context.Canceled), "canceled"},
		{errors.New("boom"), "unknown"},
	} {
		if got := apperr.Outcome(tc.err); got != tc.want {
			t.Errorf("Outcome(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
