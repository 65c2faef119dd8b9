// Package migrations embeds the schema migrations so shopd applies them at
// start and `shopd migrate` needs no files beside the binary.
package migrations

import "embed"

// FS holds the numbered goose migrations.
//
//go:embed *.sql
var FS embed.FS
