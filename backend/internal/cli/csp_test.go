package cli

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/frontend"
)

// builtIndex returns the built app's index.html, or skips when the app is
// not built (a clean checkout embeds only dist/.keep).
func builtIndex(t *testing.T) string {
	t.Helper()
	b, err := fs.ReadFile(frontend.Dist(), "index.html")
	if err != nil {
		t.Skip("frontend not built (./task build-web): nothing to check")
	}
	return string(b)
}

var (
	inlineScript = regexp.MustCompile(`(?is)<script\b[^>]*>\s*[^<\s]`)
	styleElement = regexp.MustCompile(`(?is)<style\b`)
	styleAttr    = regexp.MustCompile(`(?is)<[a-z][^>]*\sstyle\s*=`)
	eventAttr    = regexp.MustCompile(`(?is)<[a-z][^>]*\son[a-z]+\s*=`)
)

// TestBuiltAppHasNoInlineCode: the built index.html has no inline script,
// style element, style attribute or event handler, so the
// Content-Security-Policy needs no 'unsafe-inline'.
func TestBuiltAppHasNoInlineCode(t *testing.T) {
	t.Parallel()
	index := builtIndex(t)
	for name, re := range map[string]*regexp.Regexp{
		"inline script": inlineScript, "style element": styleElement,
		"style attribute": styleAttr, "event handler attribute": eventAttr,
	} {
		if m := re.FindString(index); m != "" {
			t.Errorf("index.html has an %s: %s", name, m)
		}
	}
}

// TestBuiltAppLoadsUnderCSP opens the built app in headless Chromium
// behind shopd's headers: the app must render, and the browser must report
// no Content-Security-Policy violation.
func TestBuiltAppLoadsUnderCSP(t *testing.T) {
	t.Parallel()
	builtIndex(t)
	browser := os.Getenv("CHROMIUM")
	if browser == "" {
		browser = "/usr/bin/chromium"
	}
	if _, err := os.Stat(browser); err != nil {
		t.Skip("no Chromium at " + browser + " (set CHROMIUM)")
	}
	shop := newTestShop(t, dbtest.URL(dbtest.NewSeeded(t)), &logBuffer{})
	for _, path := range []string{"/", "/producto/1001", "/cart", "/todos"} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
			"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0", "--virtual-time-budget=8000",
			"--dump-dom", shop.URL+path)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		dom, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("chromium %s: %v\n%s", path, err, stderr.String())
		}
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.Contains(line, "Content Security Policy") || strings.Contains(line, "Refused to") {
				t.Errorf("%s: CSP violation: %s", path, line)
			}
		}
		if regexp.MustCompile(`<div id="root">\s*</div>`).Match(dom) || !strings.Contains(string(dom), `id="root"`) {
			t.Errorf("%s: the app did not render:\n%.2000s", path, dom)
		}
	}
}

// TestFrontendRendersNoRawHTML: the web app never hands data to the DOM as
// HTML; React escapes everything else, so a product name such as
// "<img onerror=…>" shows as text.
func TestFrontendRendersNoRawHTML(t *testing.T) {
	t.Parallel()
	root := "../../../frontend/src"
	rawHTML := regexp.MustCompile(`dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(`)
	err := fs.WalkDir(os.DirFS(root), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !regexp.MustCompile(`\.(tsx?|jsx?)$`).MatchString(path) {
			return err
		}
		b, err := os.ReadFile(root + "/" + path)
		if err != nil {
			return err
		}
		if m := rawHTML.Find(b); m != nil {
			t.Errorf("frontend/src/%s renders raw HTML: %s", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
