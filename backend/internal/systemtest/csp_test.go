package systemtest

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

// chromium is the headless browser the CSP tests drive; they skip without it.
func chromium(t *testing.T) string {
	t.Helper()
	browser := os.Getenv("CHROMIUM")
	if browser == "" {
		browser = "/usr/bin/chromium"
	}
	if _, err := os.Stat(browser); err != nil {
		t.Skip("no Chromium at " + browser + " (set CHROMIUM)")
	}
	return browser
}

// loadUnderCSP opens u in headless Chromium and returns the rendered DOM;
// it fails the test on every Content-Security-Policy violation reported.
func loadUnderCSP(t *testing.T, browser, u string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0", "--virtual-time-budget=8000",
		"--dump-dom", u)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %s: %v\n%s", u, err, stderr.String())
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, "Content Security Policy") || strings.Contains(line, "Refused to") {
			t.Errorf("%s: CSP violation: %s", u, line)
		}
	}
	return string(dom)
}

// TestBuiltAppLoadsUnderCSP opens the built app in headless Chromium
// behind shopd's headers: the app must render, and the browser must report
// no Content-Security-Policy violation.
func TestBuiltAppLoadsUnderCSP(t *testing.T) {
	t.Parallel()
	builtIndex(t)
	browser := chromium(t)
	shop := newTestShop(t, dbtest.URL(dbtest.NewSeeded(t)), &logBuffer{})
	for _, path := range []string{"/", "/producto/1001", "/cart", "/todos"} {
		dom := loadUnderCSP(t, browser, shop.URL+path)
		if regexp.MustCompile(`<div id="root">\s*</div>`).MatchString(dom) || !strings.Contains(dom, `id="root"`) {
			t.Errorf("%s: the app did not render:\n%.2000s", path, dom)
		}
	}
}

// TestDevSignInPageLoadsUnderCSP opens the development sign-in page behind
// shopd's headers: its stylesheet loads and nothing is refused (its inline
// styles once were, and it showed unstyled).
func TestDevSignInPageLoadsUnderCSP(t *testing.T) {
	t.Parallel()
	browser := chromium(t)
	shop := newTestShop(t, dbtest.NewURL(t), &logBuffer{})
	if !shop.app.Config.DevSignIn {
		t.Fatal("the default configuration has no development sign-in")
	}
	dom := loadUnderCSP(t, browser, shop.URL+"/dev-oidc/login?authRequestID=test")
	if !strings.Contains(dom, `href="/dev-oidc/style.css"`) || !strings.Contains(dom, "Acceso de desarrollo") {
		t.Errorf("the sign-in page did not render with its stylesheet:\n%.2000s", dom)
	}
}

// TestFrontendRendersNoRawHTML: the web app never hands data to the DOM as
// HTML; React escapes everything else, so a product name such as
// "<img onerror=…>" shows as text. Unit tests are not the app: one that
// hydrates puts server-rendered markup in the DOM as the browser does.
func TestFrontendRendersNoRawHTML(t *testing.T) {
	t.Parallel()
	root := "../../../frontend/src"
	rawHTML := regexp.MustCompile(`dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(`)
	err := fs.WalkDir(os.DirFS(root), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !regexp.MustCompile(`\.(tsx?|jsx?)$`).MatchString(path) || regexp.MustCompile(`\.test\.tsx?$`).MatchString(path) {
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
