package invoice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// SetMode records the mode shopd runs in, at its start: invoices issued
// from then on keep it (the legend and the checker of their QR code), and
// are drawn with it for good, whatever the mode is when they are printed
// again.
func SetMode(ctx context.Context, q db.DBTX, v Verification, now time.Time) error {
	if v.QRBase == "" {
		v.QRBase = QRTestURL
	}
	if err := db.New(q).SetVerifactuMode(ctx, db.SetVerifactuModeParams{Legend: v.Legend, QrBase: v.QRBase, SetAt: now}); err != nil {
		return fmt.Errorf("invoice: record the VERI*FACTU mode: %w", err)
	}
	return nil
}

// issuingMode is the mode an invoice issued now keeps. Before any start
// recorded one (tests, a tool), records go nowhere: the test checker and
// no legend.
func issuingMode(ctx context.Context, q *db.Queries) (Verification, error) {
	m, err := q.VerifactuMode(ctx)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Verification{QRBase: QRTestURL}, nil
	case err != nil:
		return Verification{}, fmt.Errorf("invoice: read the VERI*FACTU mode: %w", err)
	}
	return Verification{QRBase: m.QrBase, Legend: m.Legend}, nil
}
