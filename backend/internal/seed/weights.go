package seed

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// sampleWeight is each sample product's packed gross weight in grams, so
// the sample shop quotes shipping by weight (docs/shipping.md): the net
// contents, the container (a glass bottle of 70 cl weighs about 500 g, a
// can 15 g) and the padding a parcel needs. Frozen goods count their
// share of the insulated box.
var sampleWeight = map[int64]int32{
	1001: 380, 1002: 1150, 1003: 480, 1004: 280, 1005: 330, 1006: 1050, 1007: 430, 1008: 800, 1009: 340, 1010: 250,
	2001: 540, 2002: 580, 2003: 530, 2004: 540, 2005: 520,
	3001: 1050, 3002: 1300, 3003: 520, 3004: 280,
	4001: 1040, 4002: 620, 4003: 360,
	5001: 560, 5002: 330, 5003: 1300, 5004: 530,
	6001: 1060, 6002: 560, 6003: 330, 6004: 1200,
	7001: 1350, 7002: 480, 7003: 490,
	8001: 1050, 8002: 380, 8003: 560, 8004: 700, 8005: 60,
	9001: 1060, 9002: 440, 9003: 1300,
	10001: 1300, 10002: 280, 10003: 460,
	11001: 230, 11002: 120, 11003: 1150,
	12001: 260, 12002: 290, 12003: 290,
}

// sampleWeights writes the sample products' weights, leaving a weight an
// admin has set alone.
func sampleWeights(ctx context.Context, q *db.Queries) error {
	for id, grams := range sampleWeight {
		if err := q.SeedShippingWeight(ctx, db.SeedShippingWeightParams{ID: id, Grams: grams}); err != nil {
			return fmt.Errorf("shipping weight of product %d: %w", id, err)
		}
	}
	return nil
}
