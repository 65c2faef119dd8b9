package invoice

import (
	"context"
	"errors"

	"github.com/sabores/sabores/backend/internal/buildinfo"
	"github.com/sabores/sabores/backend/internal/db"
)

// Declaration is what the system's declaración responsable (RD 1007/2023
// art. 13; its content, Orden HAC/1177/2024 art. 15) states of it: the
// producer, which is the shop itself (software it runs for its own
// invoices), and the system as its records name it, with the build.
type Declaration struct {
	// Producer is empty while the shop's legal identity is not saved.
	Producer Issuer
	System   System
	Commit   string
}

// ReadDeclaration reads the declaration's values: the producer from the
// settings, the system from this build.
func ReadDeclaration(ctx context.Context, q db.DBTX) (Declaration, error) {
	d := Declaration{System: Sabores, Commit: buildinfo.Get().Commit}
	producer, err := SettingsIssuer{}.Issuer(ctx, q)
	switch {
	case errors.Is(err, ErrIssuerMissing):
	case err != nil:
		return d, err
	default:
		d.Producer = producer
	}
	return d, nil
}
