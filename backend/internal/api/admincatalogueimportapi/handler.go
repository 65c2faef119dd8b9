// Package admincatalogueimportapi serves AdminCatalogueImportService over
// Connect: the catalogue as CSV, streamed out, and a CSV file uploaded in
// pieces, checked by a dry run and imported by a queued job that the back
// office polls, all through the catalogueio module.
package admincatalogueimportapi

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/catalogueio"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminCatalogueImportService.
type Handler struct {
	pool *pgxpool.Pool
	q    *db.Queries
	// imports queues catalogue imports' jobs.
	imports catalogueio.Queue
}

var _ saboresv1connect.AdminCatalogueImportServiceHandler = (*Handler)(nil)

// New returns the handler of the catalogue files in pool, queuing their
// imports on imports.
func New(pool *pgxpool.Pool, imports catalogueio.Queue) *Handler {
	return &Handler{pool: pool, q: db.New(pool), imports: imports}
}
