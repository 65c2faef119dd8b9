package auth_test

import (
	"net/http"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestPersonalAnswersAreNotStored: a read made with a session (or an API
// key) is about its caller, so neither the browser nor a shared cache may
// keep it: it comes with Cache-Control: no-store, even over GET.
func TestPersonalAnswersAreNotStored(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	s.signIn(t, b, "/", email("maria@example.com"))
	res, err := b.Get(s.srv.URL + saboresv1connect.AccountServiceGetSessionProcedure + "?connect=v1&encoding=json&message=%7B%7D")
	if err != nil {
		t.Fatal(err)
	}
	body := readBody(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET GetSession: %d %s", res.StatusCode, body)
	}
	if got := res.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("signed-in GET answer has Cache-Control %q, want no-store", got)
	}
}
