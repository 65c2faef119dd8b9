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
	Name       string // the directory under backend/internal, as "order" or "api/orderapi"
	Dir        string
	GoFiles    []string
	Imports    []string
	// Deps are every package the package builds on, transitively.
	Deps []string
}

// wiring are the packages that assemble the services into shopd, and so
// import them all.
var wiring = []string{"cli", "systemtest"}

// modules are the business modules and the rule packages they build on:
// they hold the shop's rules and use cases and know nothing of the wire,
// not even through a package they import, so any transport (Connect, a
// job, the CLI, a test) calls them alike; a package joins this list when
// nothing it builds on speaks the wire.
var modules = []string{
	"aeat", "account", "audit", "auth", "carrier", "cart", "catalogue", "catalogueio", "contact", "csvcell", "deliveryarea", "discount", "fault", "feed",
	"foodinfo", "gtin", "invoice", "lots", "mail", "money", "order", "paging", "payment", "pdfpage", "pricing", "productimage", "promotion",
	"ratelimit", "redsys", "review", "sendcloud", "sepaqr", "shipping", "shopsettings", "shoptime", "stuck", "taxid", "till", "visibility", "webhook", "withdrawal",
}

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
// through the business modules and api/apimap, never
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
				t.Errorf("%s imports the service package %s: move what they share to a module or api/apimap", p.ImportPath, imp)
			}
		}
	}
}

// speaksWire reports whether an import path is Connect or generated code.
func speaksWire(imp string) bool {
	return strings.HasPrefix(imp, "connectrpc.com/") || strings.Contains(imp, "/gen/go/")
}

// wireIn names the packages of imports that speak the wire.
func wireIn(imports []string) []string {
	var out []string
	for _, imp := range imports {
		if speaksWire(imp) {
			out = append(out, imp)
		}
	}
	return out
}

// TestModulesHaveNoWire: no module imports Connect or generated proto code,
// directly or through any package it builds on; errors are faults, mapped
// to Connect in apperr at the edge.
func TestModulesHaveNoWire(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, p := range listPackages(t) {
		if !slices.Contains(modules, p.Name) {
			continue
		}
		checked++
		if wire := wireIn(p.Deps); len(wire) > 0 {
			t.Errorf("%s builds on %v: a module must not know the wire, even indirectly", p.Name, wire)
		}
	}
	if checked < len(modules) {
		t.Fatalf("checked %d modules, want %d: a listed module is gone", checked, len(modules))
	}
}

// TestWireIsFoundIndirectly: the fence sees the wire two packages away.
func TestWireIsFoundIndirectly(t *testing.T) {
	t.Parallel()
	deps := []string{"github.com/jackc/pgx/v5", "github.com/sabores/sabores/gen/go/sabores/v1", "connectrpc.com/connect"}
	if got := wireIn(deps); len(got) != 2 {
		t.Fatalf("wireIn(%v) = %v, want the proto package and Connect", deps, got)
	}
}

// transactionOpeners are the calls that open a database transaction, with
// their number of arguments: pgx.BeginFunc(ctx, db, fn),
// pgx.BeginTxFunc(ctx, db, opts, fn), db.Begin(ctx), db.BeginTx(ctx, opts).
var transactionOpeners = map[string]int{"BeginFunc": 3, "BeginTxFunc": 4, "Begin": 1, "BeginTx": 2}

// opensTransactions counts the calls in the package's files that open a
// transaction.
func opensTransactions(t *testing.T, p pkg) int {
	t.Helper()
	fset := token.NewFileSet()
	n := 0
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			if call, ok := node.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if args, ok := transactionOpeners[sel.Sel.Name]; ok && args == len(call.Args) {
						n++
					}
				}
			}
			return true
		})
	}
	return n
}

// TestTransactionsLiveInModules: no package that knows the wire (a Connect
// handler, or anything building on one or on generated code) opens a
// transaction; the use case it calls does. The composition root is exempt:
// cli's commands (backup, restore) are the outermost layer by design.
func TestTransactionsLiveInModules(t *testing.T) {
	t.Parallel()
	for _, p := range listPackages(t) {
		if under(p.Name, wiring) || len(wireIn(p.Deps)) == 0 {
			continue
		}
		if n := opensTransactions(t, p); n > 0 {
			t.Errorf("%s opens %d transactions while knowing the wire: move them into its module's use cases", p.Name, n)
		}
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
