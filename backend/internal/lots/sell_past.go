package lots

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// ReasonNotBestBefore refuses selling past its date a lot that is not a
// best-before lot: a use-by lot is never sold past it.
const ReasonNotBestBefore = "LOT_NOT_BEST_BEFORE"

// sellPastTrail is what the audit trail keeps of the owner's choice.
type sellPastTrail struct {
	Sell    bool  `json:"sell_past_best_before"`
	Blocked int32 `json:"blocked"`
}

// SellPastBestBefore records the owner's choice to sell a best-before lot
// past its date (or not), in one transaction, audited
// (lot.sell_past_best_before): a lot the rules had blocked for its date
// comes back on sale through the ledger; one the owner stops selling past
// its date is blocked at once if its date is past.
func (s *Service) SellPastBestBefore(ctx context.Context, by audit.Caller, lotID int64, sell bool) error {
	rules, err := s.Rules(ctx)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		lot, err := q.LotGet(ctx, lotID)
		if err != nil {
			return lotNotFound(err, lotID)
		}
		if _, err := q.LockProducts(ctx, []int64{lot.ProductID}); err != nil {
			return fmt.Errorf("lots: lock product %d: %w", lot.ProductID, err)
		}
		if lot, err = q.LotGetForUpdate(ctx, lotID); err != nil {
			return lotNotFound(err, lotID)
		}
		if lot.DateType == nil || DateType(*lot.DateType) != BestBefore {
			return &fault.Error{Kind: fault.Refused, Reason: ReasonNotBestBefore, Message: "only a best-before lot may be sold past its date"}
		}
		before := sellPastTrail{Sell: lot.SellPastBestBefore, Blocked: lot.Blocked}
		after, err := q.LotSetSellPast(ctx, db.LotSetSellPastParams{ID: lotID, Sell: sell})
		if err != nil {
			return fmt.Errorf("lots: lot %d: %w", lotID, err)
		}
		if sell && lot.BlockedReason != nil && BlockReason(*lot.BlockedReason) == BlockedBestBefore && lot.Blocked > 0 {
			var actor *int64
			actorText := ""
			if by.UserID != 0 {
				actor, actorText = &by.UserID, fmt.Sprint(by.UserID)
			}
			if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
				Kind: "adjustment", Reason: "lot_blocked", ActorUserID: actorText,
				Note: fmt.Sprintf("lot %s back on sale past its best-before date", *lot.Code),
			}); err != nil {
				return fmt.Errorf("lots: book lot %d back on sale: %w", lotID, err)
			}
			if _, err := q.LotUnblock(ctx, lotID); err != nil {
				return fmt.Errorf("lots: unblock lot %d: %w", lotID, err)
			}
			if err := moveStock(ctx, q, lotID, lot.ProductID, lot.Blocked, actor); err != nil {
				return err
			}
			after.Blocked = 0
		}
		if !sell {
			blocked, err := blockDue(ctx, q, rules, Today(s.now()), s.now(), func(l db.Lot) bool { return l.ID == lotID })
			if err != nil {
				return err
			}
			if len(blocked) > 0 {
				if after, err = q.LotGet(ctx, lotID); err != nil && !errors.Is(err, pgx.ErrNoRows) {
					return fmt.Errorf("lots: lot %d: %w", lotID, err)
				}
			}
		}
		return audit.Record(ctx, q, by, "lot.sell_past_best_before", fmt.Sprintf("lot:%d", lotID),
			before, sellPastTrail{Sell: sell, Blocked: after.Blocked})
	})
}
