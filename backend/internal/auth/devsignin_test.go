package auth_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestGoogleWinsOverDevSignIn: with a Google client configured, /auth/login
// goes to Google even when the development provider is on, so a shop with
// real sign-in never offers "sign in as anyone".
func TestGoogleWinsOverDevSignIn(t *testing.T) {
	t.Parallel()
	google := newFakeGoogle(t, "ana@example.com")
	svc, err := auth.New(t.Context(), dbtest.New(t), auth.Config{
		PublicURL:          "http://localhost:8080",
		DevSignIn:          true,
		GoogleIssuer:       google.srv.URL,
		GoogleClientID:     fakeClientID,
		GoogleClientSecret: fakeClientSecret,
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	svc.Routes()["GET /auth/login"].ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost:8080/auth/login", nil))
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusFound || !strings.HasPrefix(loc, google.srv.URL+"/") {
		t.Errorf("GET /auth/login: %d to %q, want a redirect to Google at %s", rec.Code, loc, google.srv.URL)
	}
}
