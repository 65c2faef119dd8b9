// Package shopsettings holds the shop's own details (its legal identity,
// contact details, opening hours and the IBAN transfers are paid to), their
// rules and their reader, which the storefront, the seed, e-mails and
// invoices share. It sits below the domain layer so the seed can use it.
package shopsettings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/sepaqr"
	"github.com/sabores/sabores/backend/internal/taxid"
)

// SettingKey is the row of the settings table holding the shop's settings.
const SettingKey = "shop"

// Address is the shop's postal address.
type Address struct {
	Street     string `json:"street"`
	PostalCode string `json:"postalCode"`
	City       string `json:"city"`
	Province   string `json:"province"`
}

// Hours is one opening on one day of the week (1 = Monday … 7 = Sunday),
// times as "HH:MM" in Europe/Madrid.
type Hours struct {
	Day    int32  `json:"day"`
	Opens  string `json:"opens"`
	Closes string `json:"closes"`
}

// Settings are the shop's settings as stored and audited.
type Settings struct {
	LegalName    string  `json:"legalName"`
	NIF          string  `json:"nif"`
	Address      Address `json:"address"`
	Phone        string  `json:"phone"`
	WhatsApp     string  `json:"whatsapp"`
	Email        string  `json:"email"`
	InstagramURL string  `json:"instagramUrl"`
	FacebookURL  string  `json:"facebookUrl"`
	OpeningHours []Hours `json:"openingHours"`
	IBAN         string  `json:"iban"`
	// ProducerRegister is the shop's number in the Registro de Productores
	// de Producto, packaging section (RD 1055/2022, art. 14: whoever packs
	// or brings packaged goods onto the Spanish market registers); empty
	// while the shop has none. Invoices print it when set.
	ProducerRegister string `json:"producerRegister,omitempty"`
}

// Read returns the saved settings and when they were saved; before anyone
// saves them (a database without `shopd seed`) every field is empty and the
// time zero.
func Read(ctx context.Context, q *db.Queries) (Settings, time.Time, error) {
	row, err := q.SettingGet(ctx, SettingKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return Settings{}, time.Time{}, nil
	}
	if err != nil {
		return Settings{}, time.Time{}, fmt.Errorf("shop: read settings: %w", err)
	}
	s, err := Decode(row.Value)
	return s, row.UpdatedAt, err
}

// Decode reads settings as the settings table stores them.
func Decode(value []byte) (Settings, error) {
	var s Settings
	if err := json.Unmarshal(value, &s); err != nil {
		return Settings{}, fmt.Errorf("shop: decode settings: %w", err)
	}
	return s, nil
}

// Normalize trims every field, writes the NIF and IBAN upper case without
// spaces or dashes and the producer register number upper case without
// spaces, the forms Validate checks and documents print.
func Normalize(s Settings) Settings {
	trim := strings.TrimSpace
	s.LegalName, s.Phone, s.WhatsApp, s.Email = trim(s.LegalName), trim(s.Phone), trim(s.WhatsApp), trim(s.Email)
	s.InstagramURL, s.FacebookURL = trim(s.InstagramURL), trim(s.FacebookURL)
	s.Address = Address{trim(s.Address.Street), trim(s.Address.PostalCode), trim(s.Address.City), trim(s.Address.Province)}
	s.NIF = compact(s.NIF)
	s.IBAN = compact(s.IBAN)
	s.ProducerRegister = strings.ToUpper(strings.Join(strings.Fields(s.ProducerRegister), ""))
	s.OpeningHours = slices.Clone(s.OpeningHours)
	slices.SortStableFunc(s.OpeningHours, func(a, b Hours) int {
		if a.Day != b.Day {
			return int(a.Day - b.Day)
		}
		return strings.Compare(a.Opens, b.Opens)
	})
	return s
}

// compact upper-cases s and drops spaces and dashes.
func compact(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, strings.ToUpper(s))
}

// FieldError is a setting that breaks a rule; Field is its path in the
// contract ("details.nif").
type FieldError struct {
	Field   string
	Message string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

// Validate checks the rules the contract's patterns cannot: the NIF's and
// the IBAN's check characters, and each opening closing after it opens
// without overlapping the day's previous one. It expects normalised
// settings.
func Validate(s Settings) error {
	if !ValidNIF(s.NIF) {
		return &FieldError{"details.nif", "is not a valid NIF, NIE or company NIF"}
	}
	if s.IBAN != "" && !ValidIBAN(s.IBAN) {
		return &FieldError{"iban", "is not a valid IBAN (its check digits do not match)"}
	}
	if s.ProducerRegister != "" && !ValidProducerRegister(s.ProducerRegister) {
		return &FieldError{"producer_register", "is not a producer register number: 4 to 40 letters, digits, '/', '-' or '.', with at least one digit, such as ENV/2023/000012345"}
	}
	for i, h := range s.OpeningHours {
		if h.Closes <= h.Opens {
			return &FieldError{fmt.Sprintf("details.opening_hours[%d]", i), "must close after it opens"}
		}
		if i > 0 && s.OpeningHours[i-1].Day == h.Day && s.OpeningHours[i-1].Closes > h.Opens {
			return &FieldError{fmt.Sprintf("details.opening_hours[%d]", i), "overlaps the day's previous opening"}
		}
	}
	return nil
}

// ValidNIF reports whether s is a Spanish tax id with a matching check
// character: a DNI-based NIF, a NIE or a company NIF (CIF).
func ValidNIF(s string) bool {
	return taxid.Classify(s) != taxid.Invalid
}

// ValidProducerRegister reports whether s (normalised) can be a number of
// the Registro de Productores de Producto. The register (MITECO) prints
// its packaging numbers as ENV/<year>/<number>, but it has no check digit
// and no public look-up, and its other sections and older inscriptions are
// numbered otherwise: the rule refuses only what cannot be such a number
// (words with spaces, an e-mail, a web address, no digit at all) rather
// than a real number the shop must print as issued.
func ValidProducerRegister(s string) bool {
	if len(s) < 4 || len(s) > 40 || !strings.ContainsAny(s, "0123456789") {
		return false
	}
	for i, r := range s {
		alnum := (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if !alnum && (i == 0 || i == len(s)-1 || !strings.ContainsRune("/-.", r)) {
			return false
		}
	}
	return true
}

// ValidIBAN reports whether s (upper case, no spaces) is an IBAN whose
// check digits match (ISO 13616: moved to the end, letters as numbers, the
// whole mod 97 is 1). A Spanish IBAN must have 24 characters.
func ValidIBAN(s string) bool {
	if len(s) < 15 || len(s) > 34 || (strings.HasPrefix(s, "ES") && len(s) != 24) {
		return false
	}
	return sepaqr.ValidIBAN(s)
}

// Sample are the values `shopd seed` fills in so a new shop shows something
// on every page. Each is recognisably not real ("EJEMPLO", an example.com
// address, the bank's documentation IBAN); the admin home lists the ones
// still here until the owner replaces them.
var Sample = Settings{
	LegalName: "Sabores (EJEMPLO: nombre legal del titular)",
	NIF:       "00000000T",
	Address: Address{
		Street:     "Calle de Ejemplo, 1",
		PostalCode: "27880",
		City:       "Burela",
		Province:   "Lugo",
	},
	Phone:        "+34 900 000 000",
	WhatsApp:     "34900000000",
	Email:        "ejemplo@example.com",
	InstagramURL: "https://www.instagram.com/ejemplo",
	FacebookURL:  "https://www.facebook.com/ejemplo",
	OpeningHours: []Hours{
		{1, "10:00", "14:00"}, {1, "17:00", "20:00"},
		{2, "10:00", "14:00"}, {2, "17:00", "20:00"},
		{3, "10:00", "14:00"}, {3, "17:00", "20:00"},
		{4, "10:00", "14:00"}, {4, "17:00", "20:00"},
		{5, "10:00", "14:00"}, {5, "17:00", "20:00"},
		{6, "10:00", "14:00"},
	},
	IBAN: "ES9121000418450200051332",
}

// TakesTransfers reports whether a shopper may be offered a bank transfer:
// only to an IBAN the owner typed, never the sample's, which a shopper
// would pay into as readily as a real one, in any mode.
func TakesTransfers(s Settings) bool {
	return s.IBAN != "" && s.IBAN != Sample.IBAN
}

// MissingIdentity names, like Unfinished, what of the shop's legal identity
// (legal name, NIF, address, e-mail) is still empty or the sample's: a shop
// that sells for real must say who it is on every order, contract e-mail
// and invoice (LSSI art. 10, RD 1619/2012 art. 6).
func MissingIdentity(s Settings) []string {
	var out []string
	for _, field := range Unfinished(s) {
		switch field {
		case "details.legal_name", "details.nif", "details.address", "details.email":
			out = append(out, field)
		}
	}
	return out
}

// Unfinished names the settings still equal to their sample or empty, by
// their path in the contract, in the contract's order. Social links and
// WhatsApp may stay empty (the shop has none); a sample one still counts.
func Unfinished(s Settings) []string {
	var out []string
	check := func(field, value, sample string, required bool) {
		if value == sample || (required && value == "") {
			out = append(out, field)
		}
	}
	check("details.legal_name", s.LegalName, Sample.LegalName, true)
	check("details.nif", s.NIF, Sample.NIF, true)
	check("details.address", s.Address.Street, Sample.Address.Street, true)
	check("details.phone", s.Phone, Sample.Phone, true)
	check("details.whatsapp", s.WhatsApp, Sample.WhatsApp, false)
	check("details.email", s.Email, Sample.Email, true)
	check("details.instagram_url", s.InstagramURL, Sample.InstagramURL, false)
	check("details.facebook_url", s.FacebookURL, Sample.FacebookURL, false)
	if len(s.OpeningHours) == 0 || slices.Equal(s.OpeningHours, Sample.OpeningHours) {
		out = append(out, "details.opening_hours")
	}
	check("iban", s.IBAN, Sample.IBAN, true)
	return out
}
