package adminapikeyapi_test

import (
	"testing"
	"time"

	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/adminapikeyapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestAPIKeysMustExpire: every key has an expiry (the contract requires
// one), at most API_KEY_MAX_TTL away (the service refuses a later one with
// a field error the back office shows at the date).
func TestAPIKeysMustExpire(t *testing.T) {
	t.Parallel()
	scopes := []saboresv1.ApiKeyScope{saboresv1.ApiKeyScope_API_KEY_SCOPE_CATALOG_READ}
	if err := protovalidate.Validate(&saboresv1.CreateApiKeyRequest{Name: "ERP", Scopes: scopes}); err == nil {
		t.Error("a key without an expiry passed the contract's rules")
	}
	if err := protovalidate.Validate(&saboresv1.CreateApiKeyRequest{Name: "ERP", Scopes: scopes,
		ExpireTime: timestamppb.New(time.Now().Add(400 * 24 * time.Hour))}); err == nil {
		t.Error("a key living 400 days passed the contract's rules")
	}

	f := admintest.NewShop(t)
	svc := adminapikeyapi.New(f.Pool, 30*24*time.Hour)
	_, err := svc.CreateApiKey(f.Ctx, connect.NewRequest(&saboresv1.CreateApiKeyRequest{
		Name: "ERP", Scopes: scopes, ExpireTime: timestamppb.New(time.Now().Add(32 * 24 * time.Hour)),
	}))
	if code, field := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || field != "expire_time" {
		t.Errorf("a key past API_KEY_MAX_TTL: %v (field %q), want InvalidArgument on expire_time", err, field)
	}
	if _, err := svc.CreateApiKey(f.Ctx, connect.NewRequest(&saboresv1.CreateApiKeyRequest{
		Name: "ERP", Scopes: scopes, ExpireTime: timestamppb.New(time.Now().Add(30*24*time.Hour + 23*time.Hour)),
	})); err != nil {
		t.Errorf("a key within API_KEY_MAX_TTL: %v", err)
	}
}
