package taxid

import "testing"

// TestClassify checks valid and invalid NIF, NIE and CIF, control
// letters and digits included (the control characters were computed by
// hand from the published algorithms: DNI number mod 23; CIF's doubled
// odd positions).
func TestClassify(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Kind
	}{
		{"12345678Z", NIF},
		{"00000000T", NIF},
		{"12345678A", Invalid}, // wrong control letter
		{"1234567Z", Invalid},  // too short
		{"K1234567L", NIF},
		{"X1234567L", NIE},
		{"Y1234567X", NIE},
		{"Z7654321H", NIE},
		{"X1234567T", Invalid}, // wrong control letter
		{"B12345674", CIF},
		{"B12345670", Invalid}, // wrong control digit
		{"B1234567D", Invalid}, // B takes a digit, not a letter
		{"P1234567D", CIF},
		{"P12345674", Invalid}, // P takes a letter, not a digit
		{"Q2826000H", CIF},
		{"G58912122", CIF}, // G takes either form
		{"G5891212B", CIF},
		{"I12345674", Invalid}, // no entity letter I
		{"B1234567", Invalid},
		{"BX2345674", Invalid},
		{"", Invalid},
	} {
		if got := Classify(tc.in); got != tc.want {
			t.Errorf("Classify(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestNormalize drops what people type between the characters.
func TestNormalize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"12.345.678-z": "12345678Z",
		" x 1234567 l": "X1234567L",
		"B12345674":    "B12345674",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
