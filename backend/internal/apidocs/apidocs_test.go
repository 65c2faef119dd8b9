package apidocs_test

import (
	"encoding/json"
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
	files, err := filepath.Glob("../../../proto/sabores/v1/*.proto")
	if err != nil || len(files) == 0 {
		t.Fatalf("no proto files: %v", err)
	}
	service := regexp.MustCompile(`(?m)^service (\w+) \{`)
	rpc := regexp.MustCompile(`(?m)^\s*rpc (\w+)\(`)
	var out []string
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
			out = append(out, string(s[1])+"/"+string(m[1]))
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
	all := rpcs(t)
	if len(all) < 100 {
		t.Fatalf("read only %d RPCs from the contract", len(all))
	}
	for _, r := range all {
		service, method, _ := strings.Cut(r, "/")
		if !strings.Contains(page, `id="sabores.v1.`+service+`.`+method+`"`) {
			t.Errorf("%s is not in the reference", r)
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
	var doc struct {
		Paths map[string]map[string]struct {
			Summary string `json:"summary"`
		} `json:"paths"`
	}
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
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
	}
}
