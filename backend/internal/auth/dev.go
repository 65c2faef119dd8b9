package auth

import (
	"context"

	"github.com/zitadel/oidc/v3/pkg/client/rp"

	"github.com/sabores/sabores/backend/internal/devoidc"
)

// devRelyingParty is the shop's client of the built-in development
// provider. It reaches discovery, the token and the keys in-process, and
// sends the browser to the provider's pages under the shop's public URL.
func devRelyingParty(d *devoidc.Provider, callback string) *provider {
	client := d.Client()
	return &provider{
		build: func(ctx context.Context) (rp.RelyingParty, error) {
			party, err := rp.NewRelyingPartyOIDC(ctx, devoidc.Issuer, devoidc.ClientID, d.ClientSecret(), callback, scopes,
				rp.WithHTTPClient(client),
				rp.WithVerifierOpts(rp.WithNonce(nonceFrom)))
			if err != nil {
				return nil, err
			}
			party.OAuthConfig().Endpoint.AuthURL = d.AuthURL()
			return party, nil
		},
	}
}
