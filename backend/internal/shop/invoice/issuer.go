package invoice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// SettingsIssuer reads the shop's identity from the settings the back
// office keeps (the "shop" row: legal name, NIF, address), through the
// issuing transaction, so an invoice carries the identity in force when it
// was issued.
type SettingsIssuer struct{}

// settingsKey is the settings row of the shop's identity.
const settingsKey = "shop"

// storedSettings is the part of the shop's settings an invoice prints.
type storedSettings struct {
	LegalName string `json:"legalName"`
	NIF       string `json:"nif"`
	Address   struct {
		Street     string `json:"street"`
		PostalCode string `json:"postalCode"`
		City       string `json:"city"`
		Province   string `json:"province"`
	} `json:"address"`
}

// Issuer returns the shop's identity, or ErrIssuerMissing while the
// settings lack any part of it.
func (SettingsIssuer) Issuer(ctx context.Context, q db.DBTX) (Issuer, error) {
	row, err := db.New(q).SettingGet(ctx, settingsKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return Issuer{}, ErrIssuerMissing
	}
	if err != nil {
		return Issuer{}, fmt.Errorf("invoice: read the shop's settings: %w", err)
	}
	var s storedSettings
	if err := json.Unmarshal(row.Value, &s); err != nil {
		return Issuer{}, fmt.Errorf("invoice: decode the shop's settings: %w", err)
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
	return StaticIssuer{Name: s.LegalName, NIF: s.NIF, Address: address}.Issuer(ctx, q)
}
