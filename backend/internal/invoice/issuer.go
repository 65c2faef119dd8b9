package invoice

import (
	"context"
	"fmt"
	"strings"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// SettingsIssuer reads the shop's identity from the settings the back
// office keeps (the "shop" row: legal name, NIF, address, producer register
// number), through the issuing transaction, so an invoice carries the
// identity in force when it was issued.
type SettingsIssuer struct {
	// RealIdentity refuses the sample identity `shopd seed` fills in as
	// missing: in production an invoice made out by "EJEMPLO … NIF
	// 00000000T" would enter the VeriFactu chain for good.
	RealIdentity bool
}

// Issuer returns the shop's identity, or ErrIssuerMissing while the
// settings lack any part of it (or, with RealIdentity, any part is still
// the sample's).
func (si SettingsIssuer) Issuer(ctx context.Context, q db.DBTX) (Issuer, error) {
	s, _, err := shopsettings.Read(ctx, db.New(q))
	if err != nil {
		return Issuer{}, fmt.Errorf("invoice: read the shop's settings: %w", err)
	}
	if si.RealIdentity && len(shopsettings.MissingIdentity(s)) > 0 {
		return Issuer{}, ErrIssuerMissing
	}
	a := s.Address
	place := strings.TrimSpace(a.PostalCode + " " + a.City)
	if a.Province != "" && a.Province != a.City {
		place += " (" + a.Province + ")"
	}
	address := a.Street
	if a.Street != "" && place != "" {
		address += ", " + place
	}
	return StaticIssuer{Name: s.LegalName, NIF: s.NIF, Address: address, ProducerRegister: s.ProducerRegister}.Issuer(ctx, q)
}
