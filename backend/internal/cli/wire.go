package cli

import (
	"context"

	"github.com/sabores/sabores/backend/internal/server"
)

// wire builds what `shopd serve` serves: the service implementations, the
// interceptors that run before validation (authentication) and extra routes
// (sign-in under /auth/, product images under /images/). Services left nil
// answer Unimplemented.
func wire(_ context.Context, _ *App, _ *Databases) (server.Options, error) {
	return server.Options{}, nil
}
