package seed

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// shopSettings fills the shop's settings with shopsettings.Sample unless someone
// saved them already; the admin home lists them as still to replace.
func shopSettings(ctx context.Context, q *db.Queries) error {
	value, err := json.Marshal(shopsettings.Sample)
	if err != nil {
		return fmt.Errorf("shop settings: %w", err)
	}
	if err := q.SettingInsertIfAbsent(ctx, db.SettingInsertIfAbsentParams{Key: shopsettings.SettingKey, Value: value}); err != nil {
		return fmt.Errorf("shop settings: %w", err)
	}
	return nil
}
