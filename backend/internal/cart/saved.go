package cart

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// The server's copy of a signed-in shopper's cart (issue 41). The
// storefront keeps the cart in the browser and, once the shopper is signed
// in, here too: merged with the browser's at sign-in, replaced at each
// change after, so it follows the shopper to another device and a cart
// left idle can be noticed (RemindAbandoned).

// MaxSavedLines and MaxSavedQuantity bound a saved cart, as the contract's
// rules do at the edge: a cart is a shopping list, not storage.
const (
	MaxSavedLines    = 50
	MaxSavedQuantity = 99
)

// SavedLine is one line of a saved cart.
type SavedLine struct {
	ProductID int64
	Quantity  int32
}

// Merge is the cart a shopper signing in gets from the browser's lines and
// the server's: every product of either, the browser's first in its order,
// each at the larger of its two quantities (a product in both carts is the
// same wish, not two), bounded like any saved cart (Bound).
func Merge(browser, server []SavedLine) []SavedLine {
	out := make([]SavedLine, 0, len(browser)+len(server))
	at := make(map[int64]int, len(browser)+len(server))
	for _, l := range append(append([]SavedLine{}, browser...), server...) {
		if i, ok := at[l.ProductID]; ok {
			out[i].Quantity = max(out[i].Quantity, l.Quantity)
			continue
		}
		at[l.ProductID] = len(out)
		out = append(out, l)
	}
	return Bound(out)
}

// Bound is lines as a saved cart keeps them: lines without a product or
// quantity dropped, each product once (its first line), quantities capped
// at MaxSavedQuantity, at most MaxSavedLines lines (the first ones).
func Bound(lines []SavedLine) []SavedLine {
	out := make([]SavedLine, 0, min(len(lines), MaxSavedLines))
	seen := make(map[int64]bool, len(lines))
	for _, l := range lines {
		if l.ProductID <= 0 || l.Quantity <= 0 || seen[l.ProductID] {
			continue
		}
		if len(out) == MaxSavedLines {
			break
		}
		seen[l.ProductID] = true
		out = append(out, SavedLine{ProductID: l.ProductID, Quantity: min(l.Quantity, MaxSavedQuantity)})
	}
	return out
}

// Saved is the use cases of saved carts.
type Saved struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewSaved is the saved carts of pool; now is the clock (time.Now if nil).
func NewSaved(pool *pgxpool.Pool, now func() time.Time) *Saved {
	if now == nil {
		now = time.Now
	}
	return &Saved{pool: pool, now: now}
}

// Sync stores userID's cart and returns it as stored: with merge (the
// shopper just signed in) lines are merged with the cart kept here
// (Merge), else they replace it. An empty cart is no cart: its row goes,
// and the next one is a new cart (with a reminder of its own to come, if
// the shopper consented). Storing the same lines again does not restart
// the idle clock; a change does.
func (s *Saved) Sync(ctx context.Context, userID int64, lines []SavedLine, merge bool) ([]SavedLine, error) {
	var out []SavedLine
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		cart, err := q.SavedCartOf(ctx, userID)
		exists := err == nil
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("cart: saved cart of user %d: %w", userID, err)
		}
		var stored []SavedLine
		if exists {
			if stored, err = savedLines(ctx, q, cart.ID); err != nil {
				return err
			}
		}
		out = Bound(lines)
		if merge {
			out = Merge(lines, stored)
		}
		if len(out) == 0 {
			if err := q.DeleteSavedCart(ctx, userID); err != nil {
				return fmt.Errorf("cart: empty the cart of user %d: %w", userID, err)
			}
			return nil
		}
		if exists && equal(out, stored) {
			return nil
		}
		now := s.now()
		if !exists {
			if cart, err = q.CreateSavedCart(ctx, db.CreateSavedCartParams{UserID: userID, Now: now}); err != nil {
				return fmt.Errorf("cart: open the cart of user %d: %w", userID, err)
			}
		} else if err := q.TouchSavedCart(ctx, db.TouchSavedCartParams{ID: cart.ID, Now: now}); err != nil {
			return fmt.Errorf("cart: touch the cart of user %d: %w", userID, err)
		}
		if err := q.ClearSavedCartLines(ctx, cart.ID); err != nil {
			return fmt.Errorf("cart: clear the cart of user %d: %w", userID, err)
		}
		p := db.InsertSavedCartLinesParams{CartID: cart.ID}
		for i, l := range out {
			p.ProductIds = append(p.ProductIds, l.ProductID)
			p.Quantities = append(p.Quantities, l.Quantity)
			p.Positions = append(p.Positions, int32(i))
		}
		if err := q.InsertSavedCartLines(ctx, p); err != nil {
			return fmt.Errorf("cart: store the cart of user %d: %w", userID, err)
		}
		// A product that no longer exists was left out: answer what is kept.
		out, err = savedLines(ctx, q, cart.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func savedLines(ctx context.Context, q *db.Queries, cartID int64) ([]SavedLine, error) {
	rows, err := q.SavedCartLines(ctx, cartID)
	if err != nil {
		return nil, fmt.Errorf("cart: lines of saved cart %d: %w", cartID, err)
	}
	out := make([]SavedLine, len(rows))
	for i, r := range rows {
		out[i] = SavedLine{ProductID: r.ProductID, Quantity: r.Quantity}
	}
	return out, nil
}

func equal(a, b []SavedLine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Reminder queues the reminder of an abandoned cart in the caller's
// transaction (jobs.MailQueue): to the address of the newsletter
// subscription that consents, in its language.
type Reminder interface {
	CartReminder(ctx context.Context, tx pgx.Tx, cartID, subscriptionID int64, to string) error
}

// DefaultIdle is how long a cart stays untouched before it is abandoned.
const DefaultIdle = 24 * time.Hour

// RemindAbandoned queues, in one transaction, one reminder for each cart
// idle for idle at now, never reminded, of a shopper who consented to
// commercial e-mail (a confirmed newsletter subscription under their
// account's e-mail, LSSI art. 21), and marks it reminded: a cart gets at
// most one reminder however often this runs, and a shopper without that
// consent none. It returns how many carts were reminded of.
func RemindAbandoned(ctx context.Context, pool *pgxpool.Pool, reminder Reminder, idle time.Duration, now time.Time) (int, error) {
	var n int
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		carts, err := q.AbandonedCartsToRemind(ctx, db.AbandonedCartsToRemindParams{IdleBefore: now.Add(-idle), MaxCarts: 200})
		if err != nil {
			return fmt.Errorf("cart: abandoned carts: %w", err)
		}
		for _, c := range carts {
			if err := q.MarkSavedCartReminded(ctx, db.MarkSavedCartRemindedParams{ID: c.ID, At: &now}); err != nil {
				return fmt.Errorf("cart: mark cart %d reminded: %w", c.ID, err)
			}
			if err := reminder.CartReminder(ctx, tx, c.ID, c.SubscriptionID, c.Email); err != nil {
				return err
			}
		}
		n = len(carts)
		return nil
	})
	return n, err
}
