package lots

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
)

// System is who the midnight job's blocks are audited as.
var System = audit.Caller{Name: "system:lots"}

// blockTrail is what the audit trail keeps of a block.
type blockTrail struct {
	Remaining int32  `json:"remaining"`
	Blocked   int32  `json:"blocked"`
	Reason    string `json:"reason,omitempty"`
}

// BlockDue blocks, in one transaction, every lot the rules block on the
// shop's day now (Madrid): its sellable units leave the stock through the
// ledger (reason lot_blocked), so neither the storefront nor the checkout
// nor FEFO sees them, and each block is audited. The midnight job runs it;
// it returns the lots blocked.
func (s *Service) BlockDue(ctx context.Context) ([]int64, error) {
	rules, err := s.Rules(ctx)
	if err != nil {
		return nil, err
	}
	var out []int64
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		out, err = blockDue(ctx, db.New(tx), rules, Today(s.now()), s.now(), nil)
		return err
	})
	return out, err
}

// blockDue blocks the lots rules block on day today (Rules.Due), those
// keep takes when it is not nil, in the caller's transaction, locking their
// products in id order first as every writer of stock does.
func blockDue(ctx context.Context, q *db.Queries, rules Rules, today, now time.Time, keep func(db.Lot) bool) ([]int64, error) {
	due, err := q.LotsToBlock(ctx, db.LotsToBlockParams{UseByLimit: date(rules.UseByLimit(today)), Today: date(today)})
	if err != nil {
		return nil, fmt.Errorf("lots: lots to block: %w", err)
	}
	if keep != nil {
		due = slices.DeleteFunc(due, func(l db.Lot) bool { return !keep(l) })
	}
	if len(due) == 0 {
		return nil, nil
	}
	products := make([]int64, 0, len(due))
	for _, l := range due {
		products = append(products, l.ProductID)
	}
	slices.Sort(products)
	if _, err := q.LockProducts(ctx, slices.Compact(products)); err != nil {
		return nil, fmt.Errorf("lots: lock products: %w", err)
	}
	var blocked []int64
	for _, l := range due {
		lot, err := q.LotGetForUpdate(ctx, l.ID)
		if err != nil {
			return nil, fmt.Errorf("lots: lock lot %d: %w", l.ID, err)
		}
		why, ok := rules.Due([]Lot{asRule(lot)}, today)[lot.ID]
		if !ok {
			continue
		}
		if err := block(ctx, q, lot, why, now, System); err != nil {
			return nil, err
		}
		blocked = append(blocked, lot.ID)
	}
	return blocked, nil
}

// block takes a lot's sellable units out of the stock and keeps them as
// blocked, with why, audited as by.
func block(ctx context.Context, q *db.Queries, lot db.Lot, why BlockReason, now time.Time, by audit.Caller) error {
	code := ""
	if lot.Code != nil {
		code = *lot.Code
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "lot_blocked", Note: fmt.Sprintf("lot %s: %s", code, why),
	}); err != nil {
		return fmt.Errorf("lots: book block of lot %d: %w", lot.ID, err)
	}
	if err := moveStock(ctx, q, lot.ID, lot.ProductID, -lot.Remaining, nil); err != nil {
		return err
	}
	after, err := q.LotBlock(ctx, db.LotBlockParams{ID: lot.ID, Units: lot.Remaining, Reason: string(why), At: now})
	if err != nil {
		return fmt.Errorf("lots: block lot %d: %w", lot.ID, err)
	}
	return audit.Record(ctx, q, by, "lot.block", fmt.Sprintf("lot:%d", lot.ID),
		blockTrail{Remaining: lot.Remaining, Blocked: lot.Blocked},
		blockTrail{Remaining: after.Remaining, Blocked: after.Blocked, Reason: string(why)})
}

// asRule is a stored lot as the rules see it.
func asRule(l db.Lot) Lot {
	out := Lot{ID: l.ID, Known: l.Code != nil, Remaining: l.Remaining}
	if l.ExpiresOn.Valid {
		out.Expires = l.ExpiresOn.Time
	}
	if l.DateType != nil {
		out.Type = DateType(*l.DateType)
	}
	out.Blocked = l.BlockedReason != nil
	out.SellPast = l.SellPastBestBefore
	return out
}

// BlockDueOf blocks, in the caller's transaction, the lots of productIDs
// the rules block on the shop's day at now, as the midnight job does
// (blockDue): a till sale calls it before it takes stock, so that FEFO at
// the counter never takes a use-by lot past its date when the job has not
// yet blocked it. The caller has locked the products, in id order. It
// says whether it blocked any: the products' stock then changed.
func BlockDueOf(ctx context.Context, q *db.Queries, productIDs []int64, now time.Time) (bool, error) {
	rules, err := readRules(ctx, q)
	if err != nil {
		return false, err
	}
	blocked, err := blockDue(ctx, q, rules, Today(now), now, func(l db.Lot) bool { return slices.Contains(productIDs, l.ProductID) })
	return len(blocked) > 0, err
}
