package apidocs_test

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/apidocs"
)

// rpcs lists every "Service/Method" the contract declares, read from the
// .proto files themselves so a new RPC the generated reference missed fails.
func rpcs(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, r := range rpcComments(t) {
		out = append(out, r.name)
	}
	return out
}

type rpcComment struct{ name, comment string }

// rpcComments is every RPC with the comment above it in the .proto file.
func rpcComments(t *testing.T) []rpcComment {
	t.Helper()
	files, err := filepath.Glob("../../../proto/sabores/v1/*.proto")
	if err != nil || len(files) == 0 {
		t.Fatalf("no proto files: %v", err)
	}
	service := regexp.MustCompile(`(?m)^service (\w+) \{`)
	rpc := regexp.MustCompile(`(?m)((?:^ *//.*\n)*)^\s*rpc (\w+)\(`)
	var out []rpcComment
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// One service per file (the contract's layout).
		s := service.FindSubmatch(src)
		if s == nil {
			continue
		}
		for _, m := range rpc.FindAllSubmatch(src, -1) {
			var lines []string
			for l := range strings.Lines(strings.TrimSpace(string(m[1]))) {
				l = strings.TrimPrefix(strings.TrimSpace(l), "//")
				lines = append(lines, strings.TrimPrefix(l, " "))
			}
			out = append(out, rpcComment{string(s[1]) + "/" + string(m[2]), strings.Join(lines, "\n")})
		}
	}
	return out
}

func get(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	mux := http.NewServeMux()
	for pattern, h := range apidocs.Routes() {
		mux.Handle(pattern, h)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func TestReferenceListsEveryRPCWithItsComment(t *testing.T) {
	res, page := get(t, apidocs.Prefix)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET %s: %d %s", apidocs.Prefix, res.StatusCode, res.Header.Get("Content-Type"))
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("CSP %q lets the page load more than its own style", csp)
	}
	all := rpcComments(t)
	if len(all) < 100 {
		t.Fatalf("read only %d RPCs from the contract", len(all))
	}
	for _, r := range all {
		service, method, _ := strings.Cut(r.name, "/")
		_, section, ok := strings.Cut(page, `<h3 id="sabores.v1.`+service+`.`+method+`">`)
		if !ok {
			t.Errorf("%s is not in the reference", r.name)
			continue
		}
		section, _, _ = strings.Cut(section, "<h")
		if r.comment == "" {
			t.Errorf("%s has no comment in the contract", r.name)
		} else if !strings.Contains(section, `<div class="d">`+html.EscapeString(r.comment)+`</div>`) {
			t.Errorf("%s: the reference lacks its comment %q", r.name, r.comment)
		}
	}
	// A comment from the contract, word for word.
	if !strings.Contains(page, "erases the caller&#39;s personal data at once") {
		t.Error("DeleteMyAccount's comment is not in the reference")
	}
}

func TestOpenAPIDescribesEveryRPCAsAConnectPost(t *testing.T) {
	res, body := get(t, apidocs.Prefix+"/openapi.json")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("openapi.json: %d", res.StatusCode)
	}
	type media map[string]struct {
		Schema struct {
			Ref string `json:"$ref"`
		} `json:"schema"`
	}
	var doc struct {
		OpenAPI string `json:"openapi"`
		Paths   map[string]map[string]struct {
			Summary     string `json:"summary"`
			RequestBody struct {
				Content media `json:"content"`
			} `json:"requestBody"`
			Responses map[string]struct {
				Content media `json:"content"`
			} `json:"responses"`
		} `json:"paths"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi.json is OpenAPI %q, want 3.1.0", doc.OpenAPI)
	}
	// Every schema a call names is in components, so tools resolve it.
	refOf := func(m media) string {
		if r, ok := m["application/connect+json"]; ok {
			return r.Schema.Ref // a stream, ExportCatalogue
		}
		return m["application/json"].Schema.Ref
	}
	resolves := func(what string, m media) {
		ref := refOf(m)
		name, ok := strings.CutPrefix(ref, "#/components/schemas/")
		if _, found := doc.Components.Schemas[name]; !ok || !found {
			t.Errorf("%s: schema %q is not in components.schemas", what, ref)
		}
	}
	for _, r := range rpcs(t) {
		op, ok := doc.Paths["/sabores.v1."+r]["post"]
		if !ok {
			t.Errorf("%s has no POST in openapi.json", r)
			continue
		}
		if op.Summary == "" {
			t.Errorf("%s has no description in openapi.json", r)
		}
		resolves(r+" request", op.RequestBody.Content)
		resolves(r+" answer", op.Responses["200"].Content)
		if ref := refOf(op.Responses["default"].Content); ref != "#/components/schemas/connect.error" {
			t.Errorf("%s: errors described by %q, not Connect's error", r, ref)
		}
	}
}
