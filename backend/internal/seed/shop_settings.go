package seed

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shop"
)

// shopSettings fills the shop's settings with shop.Sample unless someone
// saved them already; the admin home lists them as still to replace.
func shopSettings(ctx context.Context, q *db.Queries) error {
	value, err := json.Marshal(shop.Sample)
	if err != nil {
		return fmt.Errorf("shop settings: %w", err)
	}
	if err := q.SettingInsertIfAbsent(ctx, db.SettingInsertIfAbsentParams{Key: shop.SettingKey, Value: value}); err != nil {
		return fmt.Errorf("shop settings: %w", err)
	}
	return nil
}
