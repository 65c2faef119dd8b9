package archtest

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// pkg is what the fence reads of one package under backend/internal.
type pkg struct {
	ImportPath string
	Name       string // the directory under backend/internal, as "shop" or "shop/rules"
	Dir        string
	GoFiles    []string
	Imports    []string
}

// wiring are the packages that assemble the services into shopd, and so
// import them all.
var wiring = []string{"cli", "systemtest"}

// domain are the packages of plain rules and domain code: they must not
// know about Connect, so that any transport (or a test) can call them.
var domain = []string{"shop", "pricing"}

// listPackages lists the packages under backend/internal with their
// non-test imports (tests may build real services of other packages).
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("decode go list: %v", err)
		}
		_, p.Name, _ = strings.Cut(p.ImportPath, "/backend/internal/")
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages under backend/internal; the fence would check nothing", len(pkgs))
	}
	return pkgs
}

// servesConnect reports whether the package implements a Connect service:
// one of its files declares `var _ <gen>.XServiceHandler = ...`.
func servesConnect(t *testing.T, p pkg) bool {
	t.Helper()
	fset := token.NewFileSet()
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				if sel, ok := vs.Type.(*ast.SelectorExpr); ok && strings.HasSuffix(sel.Sel.Name, "ServiceHandler") {
					return true
				}
			}
		}
	}
	return false
}

// under reports whether name is one of roots or a package below one.
func under(name string, roots []string) bool {
	return slices.ContainsFunc(roots, func(r string) bool { return name == r || strings.HasPrefix(name, r+"/") })
}

// TestServicesDoNotImportEachOther: a Connect service reaches shared code
// through shop (and db, auth, apperr, paging, the rule packages), never
// through another service, as the frontend's ESLint rule keeps features
// apart. Only the wiring imports services.
func TestServicesDoNotImportEachOther(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	services := map[string]bool{}
	for _, p := range pkgs {
		if servesConnect(t, p) {
			services[p.ImportPath] = true
		}
	}
	if len(services) < 5 {
		t.Fatalf("found %d service packages; the fence would check nothing", len(services))
	}
	for _, p := range pkgs {
		if under(p.Name, wiring) {
			continue
		}
		for _, imp := range p.Imports {
			if services[imp] {
				t.Errorf("%s imports the service package %s: move what they share to shop", p.ImportPath, imp)
			}
		}
	}
}

// TestDomainHasNoConnect: shop and the rule packages import neither
// Connect nor the generated service stubs; errors become Connect errors in
// apperr and the services, at the edge.
func TestDomainHasNoConnect(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, p := range listPackages(t) {
		if !under(p.Name, domain) {
			continue
		}
		checked++
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "connectrpc.com/") || (strings.HasSuffix(imp, "connect") && strings.Contains(imp, "/gen/go/")) {
				t.Errorf("%s imports %s: the domain layer must not know about Connect", p.ImportPath, imp)
			}
		}
	}
	if checked < len(domain) {
		t.Fatalf("checked %d domain packages, want at least %d", checked, len(domain))
	}
}

// archived are libraries whose repositories their owners archived: no
// package builds on them (issue 16 asks for the invoice PDF to be made with
// a maintained library). Each says what to use instead.
var archived = map[string]string{
	"github.com/go-pdf/fpdf":      "archived in March 2025; draw PDFs with github.com/signintech/gopdf",
	"github.com/jung-kurt/gofpdf": "archived in 2021; draw PDFs with github.com/signintech/gopdf",
}

// TestNoArchivedLibraries: no package under backend/internal imports an
// archived library.
func TestNoArchivedLibraries(t *testing.T) {
	t.Parallel()
	for _, p := range listPackages(t) {
		for _, imp := range p.Imports {
			for lib, why := range archived {
				if imp == lib || strings.HasPrefix(imp, lib+"/") {
					t.Errorf("%s imports %s: %s", p.ImportPath, imp, why)
				}
			}
		}
	}
}
