package archtest

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// packageHeading is how docs/architecture.md introduces a package.
var packageHeading = regexp.MustCompile("(?m)^### `([a-z0-9/]+)`$")

// TestArchitectureDocNamesEveryPackage keeps docs/architecture.md true: each
// package under backend/internal has its paragraph, and the page describes
// no package that is gone.
func TestArchitectureDocNamesEveryPackage(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, m := range packageHeading.FindAllStringSubmatch(string(doc), -1) {
		documented = append(documented, m[1])
	}
	var listed []string
	for _, p := range listPackages(t) {
		listed = append(listed, p.Name)
		if !slices.Contains(documented, p.Name) {
			t.Errorf("docs/architecture.md has no \"### `%s`\" paragraph", p.Name)
		}
	}
	for _, name := range documented {
		if !slices.Contains(listed, name) {
			t.Errorf("docs/architecture.md describes %s, which is no package under backend/internal", name)
		}
	}
}
