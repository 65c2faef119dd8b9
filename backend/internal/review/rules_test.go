package review

import "testing"

func TestAuthorShowsFirstNameAndInitial(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"João Santos", "João S."},
		{"  María   del Carmen  álvarez ", "María Á."},
		{"Cher", "Cher"},
		{"", "—"},
		{"   ", "—"},
	} {
		if got := Author(c.in); got != c.want {
			t.Errorf("Author(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCanMove(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{Pending, Published, true},
		{Pending, Rejected, true},
		{Rejected, Published, true},
		{Published, Rejected, true},
		{Published, Published, false},
		{Rejected, Rejected, false},
		{Published, Pending, false},
		{Rejected, Pending, false},
		{Pending, "deleted", false},
	} {
		if got := CanMove(c.from, c.to); got != c.want {
			t.Errorf("CanMove(%s, %s) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}
