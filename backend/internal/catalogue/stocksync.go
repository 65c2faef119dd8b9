package catalogue

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// MaxSyncLines is how many lines one stock batch may hold: a shop's whole
// range fits, and the transaction locking them stays short.
const MaxSyncLines = 1000

// ReasonIdempotencyKeyReused refuses a batch whose idempotency key already
// named other lines.
const ReasonIdempotencyKeyReused = "IDEMPOTENCY_KEY_REUSED"

// SyncLine is one product's correction in a batch, the product named by
// SKU or, when SKU is empty, by EAN; by Delta units or to Counted units
// (Counted wins), as StockAdjustment.
type SyncLine struct {
	SKU     string `json:"sku,omitempty"`
	EAN     string `json:"ean,omitempty"`
	Delta   int32  `json:"delta,omitempty"`
	Counted *int32 `json:"counted,omitempty"`
}

// StockSync is a batch of corrections sent by an integrator, named by its
// idempotency key, with one reason and note for all its lines.
type StockSync struct {
	IdempotencyKey string
	Reason         string
	Note           string
	Lines          []SyncLine
}

// SyncOutcome is what became of one line of a batch.
type SyncOutcome string

// The outcomes of a line.
const (
	// SyncApplied: the stock is the line's figure now (Delta 0 when it
	// already was).
	SyncApplied SyncOutcome = "applied"
	// SyncUnknownProduct: no product has the line's SKU or EAN.
	SyncUnknownProduct SyncOutcome = "unknown_product"
	// SyncBelowZero: the line would take the stock below zero; it changed
	// nothing.
	SyncBelowZero SyncOutcome = "below_zero"
)

// SyncResult answers one line: the product (0 when unknown), its stock
// after the line and the change made.
type SyncResult struct {
	Outcome   SyncOutcome `json:"outcome"`
	ProductID int64       `json:"product_id,omitempty"`
	Stock     int32       `json:"stock"`
	Delta     int32       `json:"delta"`
}

// Synced answers a batch, line by line in its order; Replayed when it is
// the stored answer of an earlier call with the same idempotency key.
type Synced struct {
	Results  []SyncResult `json:"results"`
	Replayed bool         `json:"-"`
}

// PlanSync is what a batch does to stock: each line in turn against the
// stock the lines before it left (two lines of one product add up), found
// by find. It returns each line's result and each product's total change.
func PlanSync(lines []SyncLine, find func(SyncLine) (int64, bool), stock map[int64]int32) ([]SyncResult, map[int64]int32) {
	results := make([]SyncResult, len(lines))
	now := make(map[int64]int32, len(stock))
	deltas := make(map[int64]int32)
	for i, l := range lines {
		id, ok := find(l)
		if !ok {
			results[i] = SyncResult{Outcome: SyncUnknownProduct}
			continue
		}
		current, seen := now[id]
		if !seen {
			current = stock[id]
		}
		delta := l.Delta
		if l.Counted != nil {
			delta = *l.Counted - current
		}
		if int64(current)+int64(delta) < 0 {
			results[i] = SyncResult{Outcome: SyncBelowZero, ProductID: id, Stock: current}
			continue
		}
		now[id] = current + delta
		if delta != 0 {
			deltas[id] += delta
		}
		results[i] = SyncResult{Outcome: SyncApplied, ProductID: id, Stock: current + delta, Delta: delta}
	}
	for id, d := range deltas {
		if d == 0 {
			delete(deltas, id)
		}
	}
	return results, deltas
}

// SyncStock applies a batch of corrections in one transaction, once per
// caller and idempotency key: the key is claimed first, so a retry (even
// one racing the first call) waits for it and gets its answer again, and
// the same key sent with other lines is IDEMPOTENCY_KEY_REUSED. Products
// are locked in id order as every stock writer locks them, the ledger
// trigger books each product's movement, and the audit trail records each
// change with who (by) made it: the API key, for an ERP.
func (s *Service) SyncStock(ctx context.Context, by audit.Caller, in StockSync) (Synced, error) {
	if in.IdempotencyKey == "" {
		return Synced{}, fault.InvalidField("idempotency_key", "give an idempotency key")
	}
	if len(in.Lines) == 0 || len(in.Lines) > MaxSyncLines {
		return Synced{}, fault.InvalidField("lines", fmt.Sprintf("give 1 to %d lines", MaxSyncLines))
	}
	hash, err := syncHash(in)
	if err != nil {
		return Synced{}, err
	}
	var out Synced
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		claimed, err := q.ClaimStockSync(ctx, db.ClaimStockSyncParams{Caller: by.Name, IdempotencyKey: in.IdempotencyKey, RequestHash: hash})
		if err != nil {
			return fmt.Errorf("catalogue: claim stock batch %q: %w", in.IdempotencyKey, err)
		}
		if claimed == 0 {
			out, err = replaySync(ctx, q, by.Name, in.IdempotencyKey, hash)
			return err
		}
		if out.Results, err = applySync(ctx, q, by, in); err != nil {
			return err
		}
		answer, err := json.Marshal(out)
		if err != nil {
			return fmt.Errorf("catalogue: encode stock batch answer: %w", err)
		}
		return q.SaveStockSync(ctx, db.SaveStockSyncParams{Caller: by.Name, IdempotencyKey: in.IdempotencyKey, Response: answer})
	})
	return out, err
}

// syncHash fingerprints what a batch asks, to tell a retry from a reuse of
// its key.
func syncHash(in StockSync) ([]byte, error) {
	b, err := json.Marshal(struct {
		Reason string     `json:"reason"`
		Note   string     `json:"note"`
		Lines  []SyncLine `json:"lines"`
	}{in.Reason, in.Note, in.Lines})
	if err != nil {
		return nil, fmt.Errorf("catalogue: encode stock batch: %w", err)
	}
	sum := sha256.Sum256(b)
	return sum[:], nil
}

// replaySync is the stored answer of the batch the key named, when it
// asked the same.
func replaySync(ctx context.Context, q *db.Queries, caller, key string, hash []byte) (Synced, error) {
	stored, err := q.GetStockSync(ctx, db.GetStockSyncParams{Caller: caller, IdempotencyKey: key})
	if err != nil {
		return Synced{}, fmt.Errorf("catalogue: read stock batch %q: %w", key, err)
	}
	if !slices.Equal(stored.RequestHash, hash) {
		return Synced{}, &fault.Error{
			Kind: fault.Refused, Reason: ReasonIdempotencyKeyReused,
			Message: "this idempotency key was used for other lines; send a new key",
		}
	}
	var out Synced
	if err := json.Unmarshal(stored.Response, &out); err != nil {
		return Synced{}, fmt.Errorf("catalogue: decode stock batch %q: %w", key, err)
	}
	out.Replayed = true
	return out, nil
}

// applySync finds and locks the batch's products, plans the lines and
// applies the changes in one statement, audited product by product.
func applySync(ctx context.Context, q *db.Queries, by audit.Caller, in StockSync) ([]SyncResult, error) {
	var skus, eans []string
	for _, l := range in.Lines {
		if l.SKU != "" {
			skus = append(skus, l.SKU)
		} else {
			eans = append(eans, l.EAN)
		}
	}
	found, err := q.ProductsByCode(ctx, db.ProductsByCodeParams{Skus: skus, Eans: eans})
	if err != nil {
		return nil, fmt.Errorf("catalogue: find stock batch products: %w", err)
	}
	bySKU := make(map[string]int64, len(found))
	byEAN := make(map[string]int64, len(found))
	ids := make([]int64, 0, len(found))
	for _, p := range found {
		bySKU[p.SKU] = p.ID
		if p.Ean != "" {
			byEAN[p.Ean] = p.ID
		}
		ids = append(ids, p.ID)
	}
	locked, err := q.LockProducts(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("catalogue: lock stock batch products: %w", err)
	}
	stock := make(map[int64]int32, len(locked))
	for _, p := range locked {
		stock[p.ID] = p.Stock
	}
	results, deltas := PlanSync(in.Lines, func(l SyncLine) (int64, bool) {
		var id int64
		if l.SKU != "" {
			id = bySKU[l.SKU]
		} else {
			id = byEAN[l.EAN]
		}
		_, ok := stock[id]
		return id, ok
	}, stock)
	if len(deltas) == 0 {
		return results, nil
	}
	changed := make([]int64, 0, len(deltas))
	for id := range deltas {
		changed = append(changed, id)
	}
	slices.Sort(changed)
	amounts := make([]int32, len(changed))
	for i, id := range changed {
		amounts[i] = deltas[id]
	}
	actor, actorText := (*int64)(nil), ""
	if by.UserID != 0 {
		actor, actorText = &by.UserID, strconv.FormatInt(by.UserID, 10)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: in.Reason, ActorUserID: actorText, Note: in.Note,
	}); err != nil {
		return nil, fmt.Errorf("catalogue: book stock batch: %w", err)
	}
	after, err := q.ApplyStockDeltas(ctx, db.ApplyStockDeltasParams{Ids: changed, Deltas: amounts, UpdatedBy: actor})
	if err != nil {
		return nil, fmt.Errorf("catalogue: apply stock batch: %w", err)
	}
	for _, p := range after {
		if err := audit.Record(ctx, q, by, "stock.adjust", fmt.Sprintf("product:%d", p.ID),
			stockTrail{Stock: stock[p.ID]}, stockTrail{Stock: p.Stock, Reason: in.Reason, Note: in.Note}); err != nil {
			return nil, err
		}
	}
	return results, nil
}
