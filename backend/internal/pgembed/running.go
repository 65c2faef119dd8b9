package pgembed

import (
	"context"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Running returns the connection string of database in the cluster kept
// in dir when a postgres already serves it (a `shopd serve` holds it), so
// a backup can be taken while the shop runs instead of failing on the
// cluster's lock; ok is false when nothing answers on its socket.
func Running(ctx context.Context, dir, database string) (dsn string, ok bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	dsn = socketDSN(filepath.Join(abs, "run"), database)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, dsn)
	if err != nil {
		return "", false
	}
	_ = conn.Close(ctx)
	return dsn, true
}
