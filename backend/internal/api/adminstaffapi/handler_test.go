package adminstaffapi_test

import (
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminstaffapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestGrantAndRevokeTill: the owner makes a signed-in shopper till staff
// and a newcomer's grant wait, then takes both back; every step is audited
// as the owner's.
func TestGrantAndRevokeTill(t *testing.T) {
	t.Parallel()
	shop := admintest.NewShop(t)
	h := adminstaffapi.New(shop.Pool)
	grant := func(email string, role saboresv1.Role) error {
		_, err := h.GrantStaffRole(shop.Ctx, connect.NewRequest(&saboresv1.GrantStaffRoleRequest{Email: email, Role: role}))
		return err
	}
	if err := grant("maria@example.com", saboresv1.Role_ROLE_TILL); err != nil {
		t.Fatal(err)
	}
	if err := grant("nueva@sabores.es", saboresv1.Role_ROLE_TILL); err != nil {
		t.Fatal(err)
	}
	if n := shop.Count(t, `SELECT count(*) FROM company_users WHERE user_id = $1 AND role = 'till'`, shop.Maria); n != 1 {
		t.Errorf("María holds the till role %d times, want 1", n)
	}
	if n := shop.Count(t, `SELECT count(*) FROM admin_grants WHERE email = 'nueva@sabores.es' AND role = 'till'`); n != 1 {
		t.Errorf("%d waiting till grants for nueva@, want 1", n)
	}
	if err := grant("maria@example.com", saboresv1.Role_ROLE_CLIENT); kind(err) != fault.Invalid {
		t.Errorf("granting the client role: %v, want Invalid", err)
	}
	for _, email := range []string{"maria@example.com", "nueva@sabores.es"} {
		if _, err := h.RevokeStaffRole(shop.Ctx, connect.NewRequest(&saboresv1.RevokeStaffRoleRequest{Email: email})); err != nil {
			t.Fatalf("revoke %s: %v", email, err)
		}
	}
	if n := shop.Count(t, `SELECT count(*) FROM company_users WHERE role = 'till'`) + shop.Count(t, `SELECT count(*) FROM admin_grants`); n != 0 {
		t.Errorf("%d till roles or grants left after revoking", n)
	}
	_, err := h.RevokeStaffRole(shop.Ctx, connect.NewRequest(&saboresv1.RevokeStaffRoleRequest{Email: "maria@example.com"}))
	if kind(err) != fault.NotFound {
		t.Errorf("revoking again: %v, want NotFound", err)
	}
	if n := shop.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'admin.revoke' AND entity = 'admin:maria@example.com'
		AND old_value = '{"role": "till"}' AND new_value = '{"role": "user"}'`); n != 1 {
		t.Errorf("%d revocations of María's till role audited as such, want 1", n)
	}
	if n := shop.Count(t, `SELECT count(*) FROM audit_events WHERE actor = 'admin@sabores.es' AND actor_user_id = $1 AND action IN ('admin.grant', 'admin.revoke')`, shop.Admin); n != 4 {
		t.Errorf("%d grants and revocations audited as the owner's, want 4", n)
	}
}

// kind is err's fault kind, 0 for none.
func kind(err error) fault.Kind {
	if f, ok := fault.As(err); ok {
		return f.Kind
	}
	return 0
}
