package cli

import "testing"

func TestRenderingMemoryLimitMakesRoomPerRenderer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		limit int64
		alive int
		want  int64
	}{
		{"no renderer keeps MEMORY_LIMIT_MIB", 64, 0, 64},
		{"one renderer", 64, 1, 64 + rendererMiB},
		{"two workers' renderers", 64, 2, 64 + 2*rendererMiB},
		{"no limit stays none", 0, 1, 0},
	} {
		if got := renderingMemoryLimit(c.limit, c.alive); got != c.want {
			t.Errorf("%s: renderingMemoryLimit(%d, %d) = %d, want %d", c.name, c.limit, c.alive, got, c.want)
		}
	}
}
