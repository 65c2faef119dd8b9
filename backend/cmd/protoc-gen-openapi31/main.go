// Command protoc-gen-openapi31 is the protoc plugin buf.gen.yaml runs for the
// OpenAPI description: it hands the request to the pinned
// protoc-gen-openapiv2 (tools/go.mod) and turns each OpenAPI 2.0 file it
// writes, NAME.swagger.json, into OpenAPI 3.1 as NAME.json (package
// apidocs/openapi31 says why).
package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/pluginpb"

	"github.com/sabores/sabores/backend/internal/apidocs/openapi31"
)

var info = openapi31.Info{
	Title:   "Sabores API",
	Version: "v1",
	Description: "The shop's API, sabores.v1: every call is Connect's unary POST /sabores.v1.Service/Method " +
		"with a JSON body (gRPC and gRPC-Web reach the same calls). docs/integrators.md says how to get a key and call it.",
}

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "protoc-gen-openapi31:", err)
		os.Exit(1)
	}
}

func run(stdin io.Reader, stdout io.Writer) error {
	req, err := io.ReadAll(stdin)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(context.Background(), "go", "tool", "-modfile=tools/go.mod", "protoc-gen-openapiv2")
	cmd.Stdin = bytes.NewReader(req)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("protoc-gen-openapiv2: %w", err)
	}
	var res pluginpb.CodeGeneratorResponse
	if err := proto.Unmarshal(out, &res); err != nil {
		return err
	}
	if res.Error != nil {
		return fmt.Errorf("protoc-gen-openapiv2: %s", res.GetError())
	}
	for _, f := range res.File {
		name, ok := strings.CutSuffix(f.GetName(), ".swagger.json")
		if !ok {
			continue
		}
		doc, err := openapi31.Convert([]byte(f.GetContent()), info)
		if err != nil {
			return err
		}
		f.Name = proto.String(name + ".json")
		f.Content = proto.String(string(doc))
	}
	b, err := proto.Marshal(&res)
	if err != nil {
		return err
	}
	_, err = stdout.Write(b)
	return err
}
