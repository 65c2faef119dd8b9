package pgembed

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
)

// FindTool locates one of PostgreSQL's client programs (pg_dump,
// pg_restore) where FindBinDir looks for the server, so a backup is made
// and read by the same PostgreSQL version as the embedded cluster runs. A
// machine with only the client package (no initdb) finds it too.
func FindTool(ctx context.Context, name string) (string, error) {
	candidates := binDirCandidates(ctx)
	for _, dir := range candidates {
		if path := filepath.Join(dir, name); isExecutable(path) {
			return path, nil
		}
	}
	return "", fmt.Errorf("pgembed: no %s in %s: install PostgreSQL %s's client programs", name, strings.Join(candidates, ", "), MajorVersion)
}
