package shopsettings_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/shopsettings"
)

func TestValidNIF(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		nif  string
		want bool
	}{
		{"12345678Z", true},  // DNI: 12345678 mod 23 = 14 → Z
		{"12345678A", false}, // wrong letter
		{"00000000T", true},
		{"X1234567L", true},  // NIE: X → 0, 01234567 mod 23 = 19 → L
		{"Y1234567X", true},  // Y → 1
		{"Z1234567R", true},  // Z → 2
		{"X1234567A", false}, // wrong letter
		{"B12345674", true},  // company NIF with a check digit
		{"B12345678", false}, // wrong check digit
		{"P1234567D", true},  // company NIF with a check letter
		{"P1234567E", false},
		{"I1234567D", false}, // I starts no NIF
		{"1234567Z", false},  // too short
		{"12345678ZZ", false},
		{"1234567AZ", false}, // letter among the digits
		{"", false},
	} {
		if got := shopsettings.ValidNIF(tc.nif); got != tc.want {
			t.Errorf("ValidNIF(%q) = %v, want %v", tc.nif, got, tc.want)
		}
	}
}

func TestValidIBAN(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		iban string
		want bool
	}{
		{"ES9121000418450200051332", true},
		{"ES9121000418450200051333", false}, // one digit off
		{"ES1921000418450200051332", false}, // check digits swapped
		{"GB82WEST12345698765432", true},
		{"PT50000201231234567890154", true},
		{"ES912100041845020005133", false},       // a Spanish IBAN has 24 characters
		{"ES91 2100 0418 4502 0005 1332", false}, // Normalize drops the spaces first
		{"", false},
	} {
		if got := shopsettings.ValidIBAN(tc.iban); got != tc.want {
			t.Errorf("ValidIBAN(%q) = %v, want %v", tc.iban, got, tc.want)
		}
	}
}

func TestValidProducerRegister(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		number string
		want   bool
	}{
		{"ENV/2023/000012345", true}, // the packaging section's form
		{"RII-AEE-1234", true},       // another section's, also printed as issued
		{"NIMA.2700012345", true},
		{"1234", true},
		{"ENV", false},                                       // no digit
		{"123", false},                                       // too short
		{"ENV 2023 12345", false},                            // Normalize drops spaces first; a space left is a word
		{"ENV/2023/", false},                                 // ends on a separator
		{"/ENV/2023/1", false},                               // starts on one
		{"ENV_2023_1", false},                                // not a separator the register uses
		{"hola@sabores.es", false},                           // an e-mail
		{"HTTPS://MITECO.GOB.ES/1", false},                   // a web address
		{"ENV/2023/00001234500001234500001234500001", false}, // 41 characters
	} {
		if got := shopsettings.ValidProducerRegister(tc.number); got != tc.want {
			t.Errorf("ValidProducerRegister(%q) = %v, want %v", tc.number, got, tc.want)
		}
	}
}

func TestNormalizeAndValidate(t *testing.T) {
	t.Parallel()
	typed := shopsettings.Sample
	typed.NIF = " 12345678-z "
	typed.IBAN = "es91 2100 0418 4502 0005 1332"
	typed.ProducerRegister = " env/2023/ 000012345 "
	typed.OpeningHours = []shopsettings.Hours{{2, "17:00", "20:00"}, {1, "10:00", "14:00"}, {2, "10:00", "14:00"}}
	n := shopsettings.Normalize(typed)
	if n.NIF != "12345678Z" || n.IBAN != "ES9121000418450200051332" || n.ProducerRegister != "ENV/2023/000012345" {
		t.Fatalf("Normalize: NIF %q, IBAN %q, producer register %q", n.NIF, n.IBAN, n.ProducerRegister)
	}
	if want := []shopsettings.Hours{{1, "10:00", "14:00"}, {2, "10:00", "14:00"}, {2, "17:00", "20:00"}}; !slices.Equal(n.OpeningHours, want) {
		t.Fatalf("Normalize hours = %v, want %v", n.OpeningHours, want)
	}
	if err := shopsettings.Validate(n); err != nil {
		t.Fatalf("Validate(normalised sample) = %v", err)
	}

	for _, tc := range []struct {
		name  string
		edit  func(*shopsettings.Settings)
		field string
	}{
		{"bad NIF", func(s *shopsettings.Settings) { s.NIF = "12345678A" }, "details.nif"},
		{"bad IBAN", func(s *shopsettings.Settings) { s.IBAN = "ES9121000418450200051333" }, "iban"},
		{"bad producer register", func(s *shopsettings.Settings) { s.ProducerRegister = "pendiente" }, "producer_register"},
		{"closes before opening", func(s *shopsettings.Settings) { s.OpeningHours = []shopsettings.Hours{{1, "14:00", "10:00"}} }, "details.opening_hours[0]"},
		{"overlap", func(s *shopsettings.Settings) {
			s.OpeningHours = []shopsettings.Hours{{1, "10:00", "14:00"}, {1, "13:00", "20:00"}}
		}, "details.opening_hours[1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := shopsettings.Sample
			tc.edit(&s)
			var fe *shopsettings.FieldError
			if err := shopsettings.Validate(shopsettings.Normalize(s)); !errors.As(err, &fe) || fe.Field != tc.field {
				t.Fatalf("Validate = %v, want a FieldError on %s", err, tc.field)
			}
		})
	}
	empty := shopsettings.Sample
	empty.IBAN = ""
	if err := shopsettings.Validate(empty); err != nil {
		t.Errorf("an IBAN and a producer register number not set yet are allowed: %v", err)
	}

}

func TestUnfinished(t *testing.T) {
	t.Parallel()
	all := []string{"details.legal_name", "details.nif", "details.address", "details.phone", "details.whatsapp",
		"details.email", "details.instagram_url", "details.facebook_url", "details.opening_hours", "iban"}
	if got := shopsettings.Unfinished(shopsettings.Sample); !slices.Equal(got, all) {
		t.Errorf("Unfinished(Sample) = %v, want all %v", got, all)
	}
	required := []string{"details.legal_name", "details.nif", "details.address", "details.phone",
		"details.email", "details.opening_hours", "iban"}
	if got := shopsettings.Unfinished(shopsettings.Settings{}); !slices.Equal(got, required) {
		t.Errorf("Unfinished(empty) = %v, want the required ones %v", got, required)
	}
	real := shopsettings.Settings{
		LegalName: "Ana Lúcia Ferreira da Silva", NIF: "12345678Z",
		Address: shopsettings.Address{Street: "Rúa Rosalía de Castro, 12", PostalCode: "27880", City: "Burela", Province: "Lugo"},
		Phone:   "+34 982 123 456", Email: "hola@sabores.es",
		OpeningHours: []shopsettings.Hours{{1, "10:00", "14:00"}}, IBAN: "ES9121000418450200051332",
	}
	if got := shopsettings.Unfinished(real); len(got) != 1 || got[0] != "iban" {
		t.Errorf("Unfinished(real but the sample IBAN) = %v, want [iban]", got)
	}
}
