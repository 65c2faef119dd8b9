// Command shopd is the Sabores shop in one binary: the API (Connect, gRPC,
// gRPC-Web), the web app and, when no database is configured, an embedded
// PostgreSQL. Run `shopd help` for its commands; the work lives in
// internal/cli.
package main

import (
	"os"

	"github.com/sabores/sabores/backend/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:]))
}
