package account

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// clockDrift is how far ahead of the server a browser's clock may be.
const clockDrift = 10 * time.Minute

// CookieConsent is a cookie choice as the browser made it.
type CookieConsent struct {
	Analytics, Marketing, Personalization bool
	PolicyVersion                         string
	// At is when the shopper chose, by the browser's clock.
	At time.Time
}

// RecordCookieConsent stores the caller's cookie choice as one more record:
// earlier ones stay, since demonstrating consent means showing what was
// agreed at each time.
func (s *Service) RecordCookieConsent(ctx context.Context, c CookieConsent) error {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return err
	}
	if c.At.After(time.Now().Add(clockDrift)) {
		return fault.InvalidField("consent_time", "in the future")
	}
	if _, err := s.queries.CookieConsentInsert(ctx, db.CookieConsentInsertParams{
		UserID:          userID,
		Analytics:       c.Analytics,
		Marketing:       c.Marketing,
		Personalization: c.Personalization,
		PolicyVersion:   c.PolicyVersion,
		ConsentedAt:     c.At,
	}); err != nil {
		return fmt.Errorf("account: record cookie consent: %w", err)
	}
	return nil
}
