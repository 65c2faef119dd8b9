package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"strconv"
	"strings"
)

// The web app reads the catalogue with Connect GETs (NO_SIDE_EFFECTS
// methods). Left to itself the browser learns a page's first requests only
// after it has downloaded and run the app; naming them in index.html lets it
// start them with the page, so the answers are in (or on their way) when the
// app asks. Each URL must be exactly the one connect-web builds for the
// request the page makes, or the browser fetches twice: so the web app's
// build writes them (frontend/src/app/page-requests.ts, with the pages' own
// request builders, through connect-web) into preloads.json, and shopd only
// fills in a product id. The browser tests check that every preloaded
// request is asked for once.

// preloadFile is dist/preloads.json as the web app's build writes it.
type preloadFile struct {
	// EveryPage are the requests every page makes first (the session).
	EveryPage []string `json:"everyPage"`
	Pages     []struct {
		// Path is a page's path; a segment {id} stands for a product id.
		Path string `json:"path"`
		// BareOnly: the calls hold only without a query string (filters
		// and page numbers change the request).
		BareOnly bool     `json:"bareOnly"`
		Calls    []string `json:"calls"`
	} `json:"pages"`
}

// idSlot is how preloads.json marks the product id in a path and its calls.
const idSlot = "{id}"

// preloads maps request paths to their first Connect GET URLs.
type preloads struct{ file preloadFile }

// mustLoadPreloads reads preloads.json from the built app; an app built
// without one (or no app) gets no preloads. The file is embedded at compile
// time, so one that does not parse is a broken build, like a bad regexp.
func mustLoadPreloads(files fs.FS) *preloads {
	p := &preloads{}
	b, err := fs.ReadFile(files, "preloads.json")
	if err != nil {
		return p
	}
	if err := json.Unmarshal(b, &p.file); err != nil {
		panic("frontend preloads.json: " + err.Error())
	}
	return p
}

// calls lists the Connect GET URLs the page at path requests first.
func (p *preloads) calls(path, rawQuery string) []string {
	calls := append([]string(nil), p.file.EveryPage...)
	for _, page := range p.file.Pages {
		if page.BareOnly && rawQuery != "" {
			continue
		}
		id, ok := matchPath(page.Path, path)
		if !ok {
			continue
		}
		for _, c := range page.Calls {
			calls = append(calls, strings.ReplaceAll(c, idSlot, id))
		}
		break
	}
	return calls
}

// matchPath reports whether path is pattern, returning the product id that
// stands in its {id} segment: a positive integer JavaScript holds exactly, as
// the product page requires before it asks for the product.
func matchPath(pattern, path string) (string, bool) {
	prefix, suffix, slotted := strings.Cut(pattern, idSlot)
	if !slotted {
		return "", path == pattern
	}
	id, ok := strings.CutPrefix(path, prefix)
	if !ok {
		return "", false
	}
	if id, ok = strings.CutSuffix(id, suffix); !ok {
		return "", false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 || n > 1<<53-1 || strconv.FormatInt(n, 10) != id {
		return "", false
	}
	return id, true
}

// withPreloads returns index with a <link rel="preload" as="fetch"> for each
// call, placed before </head>. crossorigin makes the preload's mode and
// credentials those of the app's fetch (cors, same-origin), so the browser
// hands the preloaded answer to it.
func withPreloads(index []byte, calls []string) []byte {
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 || len(calls) == 0 {
		return index
	}
	var links bytes.Buffer
	for _, c := range calls {
		fmt.Fprintf(&links, `<link rel="preload" as="fetch" crossorigin href="%s">`+"\n  ", html.EscapeString(c))
	}
	out := make([]byte, 0, len(index)+links.Len())
	out = append(out, index[:at]...)
	out = append(out, links.Bytes()...)
	return append(out, index[at:]...)
}
