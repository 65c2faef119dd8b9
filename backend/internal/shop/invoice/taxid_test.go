package invoice

import "testing"

// TestClassifyTaxID checks valid and invalid NIF, NIE and CIF, control
// letters and digits included (the control characters were computed by
// hand from the published algorithms: DNI number mod 23; CIF's doubled
// odd positions).
func TestClassifyTaxID(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want TaxIDKind
	}{
		{"12345678Z", NIF},
		{"00000000T", NIF},
		{"12345678A", InvalidTaxID}, // wrong control letter
		{"1234567Z", InvalidTaxID},  // too short
		{"K1234567L", NIF},
		{"X1234567L", NIE},
		{"Y1234567X", NIE},
		{"Z7654321H", NIE},
		{"X1234567T", InvalidTaxID}, // wrong control letter
		{"B12345674", CIF},
		{"B12345670", InvalidTaxID}, // wrong control digit
		{"B1234567D", InvalidTaxID}, // B takes a digit, not a letter
		{"P1234567D", CIF},
		{"P12345674", InvalidTaxID}, // P takes a letter, not a digit
		{"Q2826000H", CIF},
		{"G58912122", CIF}, // G takes either form
		{"G5891212B", CIF},
		{"I12345674", InvalidTaxID}, // no entity letter I
		{"B1234567", InvalidTaxID},
		{"BX2345674", InvalidTaxID},
		{"", InvalidTaxID},
	} {
		if got := ClassifyTaxID(tc.in); got != tc.want {
			t.Errorf("ClassifyTaxID(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestNormalizeTaxID drops what people type between the characters.
func TestNormalizeTaxID(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"12.345.678-z": "12345678Z",
		" x 1234567 l": "X1234567L",
		"B12345674":    "B12345674",
	} {
		if got := NormalizeTaxID(in); got != want {
			t.Errorf("NormalizeTaxID(%q) = %q, want %q", in, got, want)
		}
	}
}
