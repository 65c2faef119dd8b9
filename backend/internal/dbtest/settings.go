package dbtest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// TestIBAN is the IBAN of the settings ShopSettings saves: a valid one of
// no one's that is not the sample's, so the shop takes transfers.
const TestIBAN = "ES7921000813610123456789"

// ShopSettings saves the sample shop settings `shopd seed` writes (legal
// name, NIF, address), without which no invoice is issued, with TestIBAN
// for transfers, which are never offered to the sample's IBAN.
func ShopSettings(t testing.TB, q db.DBTX) shopsettings.Settings {
	t.Helper()
	s := shopsettings.Sample
	s.IBAN = TestIBAN
	value, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.New(q).SettingInsertIfAbsent(context.Background(), db.SettingInsertIfAbsentParams{
		Key: shopsettings.SettingKey, Value: value,
	}); err != nil {
		t.Fatalf("dbtest: shop settings: %v", err)
	}
	return s
}

// TakeTransfers saves TestIBAN in settings already there, as the owner of
// a seeded shop would before transfers are offered.
func TakeTransfers(t testing.TB, q db.DBTX) {
	t.Helper()
	if _, err := q.Exec(context.Background(), `UPDATE settings SET value = jsonb_set(value, '{iban}', to_jsonb($1::text)) WHERE key = $2`,
		TestIBAN, shopsettings.SettingKey); err != nil {
		t.Fatalf("dbtest: take transfers: %v", err)
	}
}

// ColdChainDays makes days the only ones the cold-chain shipping methods'
// parcels leave on, as the owner would set them in the rates.
func ColdChainDays(t testing.TB, q db.DBTX, days ...time.Weekday) {
	t.Helper()
	iso := make([]int16, len(days))
	for i, d := range days {
		iso[i] = int16(d)
		if d == time.Sunday {
			iso[i] = 7
		}
	}
	if _, err := q.Exec(context.Background(), `UPDATE shipping_methods SET dispatch_weekdays = $1 WHERE kind = 'cold_chain'`, iso); err != nil {
		t.Fatalf("dbtest: cold-chain days: %v", err)
	}
}
