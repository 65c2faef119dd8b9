package dbtest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// ShopSettings saves the sample shop settings `shopd seed` writes (legal
// name, NIF, address, IBAN), without which no invoice is issued.
func ShopSettings(t testing.TB, q db.DBTX) shopsettings.Settings {
	t.Helper()
	value, err := json.Marshal(shopsettings.Sample)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.New(q).SettingInsertIfAbsent(context.Background(), db.SettingInsertIfAbsentParams{
		Key: shopsettings.SettingKey, Value: value,
	}); err != nil {
		t.Fatalf("dbtest: shop settings: %v", err)
	}
	return shopsettings.Sample
}
