package pricing

import "testing"

func TestEuros(t *testing.T) {
	for _, c := range []struct {
		cents int64
		want  string
	}{
		{0, "0,00 €"},
		{5, "0,05 €"},
		{1234, "12,34 €"},
		{100000, "1.000,00 €"},
		{123456789, "1.234.567,89 €"},
		{-1234, "-12,34 €"},
		{-123450, "-1.234,50 €"},
	} {
		if got := Euros(c.cents); got != c.want {
			t.Errorf("Euros(%d) = %q, want %q", c.cents, got, c.want)
		}
	}
}
