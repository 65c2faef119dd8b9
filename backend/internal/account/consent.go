package account

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// clockDrift is how far ahead of the server a browser's clock may be.
const clockDrift = 10 * time.Minute

// RecordCookieConsent stores the caller's cookie choice as one more record:
// earlier ones stay, since demonstrating consent means showing what was
// agreed at each time.
func (s *Service) RecordCookieConsent(ctx context.Context, req *connect.Request[saboresv1.RecordCookieConsentRequest]) (*connect.Response[saboresv1.RecordCookieConsentResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	at := m.GetConsentTime().AsTime()
	if at.After(time.Now().Add(clockDrift)) {
		return nil, fault.InvalidField("consent_time", "in the future")
	}
	if _, err := s.queries.CookieConsentInsert(ctx, db.CookieConsentInsertParams{
		UserID:          userID,
		Analytics:       m.GetAnalytics(),
		Marketing:       m.GetMarketing(),
		Personalization: m.GetPersonalization(),
		PolicyVersion:   m.GetPolicyVersion(),
		ConsentedAt:     at,
	}); err != nil {
		return nil, fmt.Errorf("account: record cookie consent: %w", err)
	}
	return connect.NewResponse(&saboresv1.RecordCookieConsentResponse{}), nil
}
