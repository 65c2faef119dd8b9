// Package frontend embeds the built web app (frontend/dist) into shopd, so
// the shop ships as one binary. A clean checkout holds only dist/.keep and
// still builds; the server then shows a page saying the app is not built.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app, rooted at the folder holding index.html.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic("frontend: dist is always embedded: " + err.Error())
	}
	return sub
}
