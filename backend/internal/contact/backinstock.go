package contact

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Back-in-stock alerts (issue 41): a shopper leaves an address on a
// sold-out product, for that one purpose, and confirms it from the e-mail
// this sends (double opt-in). When the product's stock rises from zero,
// by whatever path, the stock ledger's trigger (migration 00660) queues a
// job in that transaction, which calls NotifyBackInStock: each confirmed
// request gets one e-mail and is closed in the transaction that queues it.

// BackInStockConsentVersion names the purpose text the product page shows
// beside the form (frontend/src/locales/*/product.json
// "backInStock.purpose"); change both together.
const BackInStockConsentVersion = "2026-11-29"

// StockMailer queues the back-in-stock e-mails in the caller's
// transaction (jobs.MailQueue).
type StockMailer interface {
	BackInStockConfirmation(ctx context.Context, tx pgx.Tx, req db.BackInStockRequest) error
	BackInStockAlert(ctx context.Context, tx pgx.Tx, req db.BackInStockRequest) error
}

// StockQueue queues a pass over a product's confirmed requests
// (jobs.NewsletterQueue), for a request confirmed while the product is
// already back.
type StockQueue interface {
	QueueBackInStock(ctx context.Context, tx pgx.Tx, productID int64) error
}

// WithBackInStock lets the module take back-in-stock requests.
func (s *Service) WithBackInStock(mailer StockMailer, queue StockQueue) *Service {
	s.stockMailer, s.stockQueue = mailer, queue
	return s
}

// BackInStockRequest is a shopper's request to hear when a product is back.
type BackInStockRequest struct {
	ProductID int64
	Email     string
	// Language is "es" or "pt".
	Language       string
	ConsentVersion string
}

// RequestBackInStock records the request and queues its confirmation
// e-mail, in one transaction. Only a product sold online and sold out
// takes one. An address with a confirmed request waiting gets nothing
// new, and the answer is the same.
func (s *Service) RequestBackInStock(ctx context.Context, in BackInStockRequest) error {
	if in.ConsentVersion != BackInStockConsentVersion {
		return &fault.Error{Kind: fault.Refused, Reason: "BACK_IN_STOCK_CONSENT_OUTDATED",
			Message:  fmt.Sprintf("consent version %q is not the current one", in.ConsentVersion),
			Metadata: map[string]string{"current": BackInStockConsentVersion}}
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		p, err := q.BackInStockProduct(ctx, in.ProductID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && !p.SoldOnline) {
			return &fault.Error{Kind: fault.NotFound, Reason: "PRODUCT_NOT_FOUND", Field: "product_id",
				Message: fmt.Sprintf("no product %d in the shop", in.ProductID)}
		}
		if err != nil {
			return fmt.Errorf("contact: product %d: %w", in.ProductID, err)
		}
		if p.Stock > 0 {
			return &fault.Error{Kind: fault.Refused, Reason: "BACK_IN_STOCK_AVAILABLE",
				Message: "the product is in stock: it can be bought now"}
		}
		req, err := q.BackInStockRequest(ctx, db.BackInStockRequestParams{
			ProductID: in.ProductID, Email: strings.ToLower(strings.TrimSpace(in.Email)),
			Language: in.Language, ConsentVersion: in.ConsentVersion,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // confirmed already, waiting
		}
		if err != nil {
			return fmt.Errorf("contact: record back-in-stock request: %w", err)
		}
		return s.stockMailer.BackInStockConfirmation(ctx, tx, req)
	})
}

// ConfirmBackInStock confirms the request of a valid confirmation link and
// returns its address. A product already back is e-mailed about at once.
func (s *Service) ConfirmBackInStock(ctx context.Context, token string) (string, error) {
	invalid := &fault.Error{Kind: fault.Invalid, Reason: "BACK_IN_STOCK_LINK_INVALID",
		Message: "the back-in-stock link is not valid"}
	id, ok := NewsletterTokenID(token)
	if !ok {
		return "", invalid
	}
	var email string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		req, err := q.BackInStockGet(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return invalid
		}
		if err != nil {
			return fmt.Errorf("contact: read back-in-stock request %d: %w", id, err)
		}
		key, err := NewsletterKey(ctx, q)
		if err != nil {
			return err
		}
		if !ValidNewsletterToken(key, BackInStockConfirm, req.ID, req.Email, token) {
			return invalid
		}
		email = req.Email
		if _, err := q.BackInStockConfirm(ctx, id); errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.Refused, Reason: "BACK_IN_STOCK_CLOSED",
				Message: "this alert was sent already"}
		} else if err != nil {
			return fmt.Errorf("contact: confirm back-in-stock request %d: %w", id, err)
		}
		p, err := q.BackInStockProduct(ctx, req.ProductID)
		if err != nil {
			return fmt.Errorf("contact: product %d: %w", req.ProductID, err)
		}
		if p.Stock > 0 {
			return s.stockQueue.QueueBackInStock(ctx, tx, req.ProductID)
		}
		return nil
	})
	return email, err
}

// NotifyBackInStock e-mails each confirmed, open request of a product that
// is in stock now and closes it, in one transaction: a request closed is
// never e-mailed again, and one e-mailed is closed. A product sold out
// again before this ran keeps its requests for the next restock. It
// returns how many were e-mailed.
func (s *Service) NotifyBackInStock(ctx context.Context, productID int64) (int, error) {
	var n int
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		p, err := q.BackInStockProduct(ctx, productID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("contact: product %d: %w", productID, err)
		}
		if p.Stock <= 0 || !p.SoldOnline {
			return nil
		}
		reqs, err := q.BackInStockWaiting(ctx, productID)
		if err != nil {
			return fmt.Errorf("contact: back-in-stock requests of %d: %w", productID, err)
		}
		for _, r := range reqs {
			if err := s.stockMailer.BackInStockAlert(ctx, tx, r); err != nil {
				return err
			}
			if err := q.BackInStockClose(ctx, r.ID); err != nil {
				return fmt.Errorf("contact: close back-in-stock request %d: %w", r.ID, err)
			}
		}
		n = len(reqs)
		return nil
	})
	return n, err
}
