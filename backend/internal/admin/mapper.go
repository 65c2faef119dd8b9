package admin

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// apiKey maps a stored key, never its secret.
func apiKey(k db.APIKeyListRow) *saboresv1.ApiKey {
	out := &saboresv1.ApiKey{
		Id:         k.ID,
		Name:       k.Name,
		Scopes:     scopesToProto(k.Scopes),
		Prefix:     k.Prefix,
		CreateTime: timestamppb.New(k.CreatedAt),
		CreatedBy:  k.CreatedByEmail,
	}
	if k.ExpiresAt != nil {
		out.ExpireTime = timestamppb.New(*k.ExpiresAt)
	}
	if k.LastUsedAt != nil {
		out.LastUsedTime = timestamppb.New(*k.LastUsedAt)
	}
	if k.RevokedAt != nil {
		out.RevokeTime = timestamppb.New(*k.RevokedAt)
	}
	return out
}
