package cli

import (
	"context"

	"github.com/sabores/sabores/backend/internal/server"
)

// prepare brings the database up to date before serving.
func prepare(_ context.Context, _ *App, _ *Databases) error {
	return nil
}

// wire builds what `shopd serve` serves: the service implementations, the
// interceptors that run before validation (authentication) and extra routes
// (sign-in under /auth/, product images under /images/). Services left nil
// answer Unimplemented.
func wire(_ context.Context, _ *App, _ *Databases) (server.Options, error) {
	return server.Options{}, nil
}
