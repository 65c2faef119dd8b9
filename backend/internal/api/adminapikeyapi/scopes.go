package adminapikeyapi

import (
	"github.com/sabores/sabores/backend/internal/auth"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// keyScopes pairs the contract's API key scopes with the stored ones.
var keyScopes = map[saboresv1.ApiKeyScope]string{
	saboresv1.ApiKeyScope_API_KEY_SCOPE_CATALOG_READ:  auth.ScopeCatalogRead,
	saboresv1.ApiKeyScope_API_KEY_SCOPE_CATALOG_WRITE: auth.ScopeCatalogWrite,
	saboresv1.ApiKeyScope_API_KEY_SCOPE_ORDERS_READ:   auth.ScopeOrdersRead,
	saboresv1.ApiKeyScope_API_KEY_SCOPE_STOCK_WRITE:   auth.ScopeStockWrite,
	saboresv1.ApiKeyScope_API_KEY_SCOPE_EVENTS_READ:   auth.ScopeEventsRead,
}

// scopesFromProto reads a request's scopes; validation has refused unknown
// and repeated ones already.
func scopesFromProto(in []saboresv1.ApiKeyScope) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		if stored, ok := keyScopes[s]; ok {
			out = append(out, stored)
		}
	}
	return out
}

// scopesToProto is the contract's form of stored scopes.
func scopesToProto(in []string) []saboresv1.ApiKeyScope {
	out := make([]saboresv1.ApiKeyScope, 0, len(in))
	for _, s := range in {
		for p, stored := range keyScopes {
			if stored == s {
				out = append(out, p)
			}
		}
	}
	return out
}
