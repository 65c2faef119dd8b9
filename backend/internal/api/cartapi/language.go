package cartapi

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// localize names res's lines in lang. The lines come priced with the
// Spanish names, which stay where a product has no Portuguese one.
func localize(ctx context.Context, q *db.Queries, res *saboresv1.ValidateCartResponse, lang saboresv1.Language) error {
	if lang != saboresv1.Language_LANGUAGE_PT || len(res.GetLines()) == 0 {
		return nil
	}
	ids := make([]int64, len(res.GetLines()))
	for i, l := range res.GetLines() {
		ids[i] = l.GetProductId()
	}
	rows, err := q.GetPortugueseNames(ctx, ids)
	if err != nil {
		return fmt.Errorf("cartapi: read Portuguese names: %w", err)
	}
	names := make(map[int64]string, len(rows))
	for _, r := range rows {
		names[r.ID] = r.NamePt
	}
	for _, l := range res.GetLines() {
		if name, ok := names[l.GetProductId()]; ok {
			l.Name = name
		}
	}
	return nil
}
