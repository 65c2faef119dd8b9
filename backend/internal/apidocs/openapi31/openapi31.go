// Package openapi31 turns the OpenAPI 2.0 (Swagger) description that
// grpc-gateway's protoc-gen-openapiv2 writes from the contract into an
// OpenAPI 3.1 one, and describes errors as Connect sends them.
//
// It exists because no generator of OpenAPI 3.x from protos is served by the
// Go module proxy the project builds from (protoc-gen-connect-openapi was
// refused); the pinned protoc-gen-openapiv2 reads the protos and this
// rewrites only the envelope: definitions become components.schemas, body
// parameters a requestBody, response schemas content by media type.
package openapi31

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Info names the description; protoc-gen-openapiv2 takes a file's name for
// the title when it merges every file.
type Info struct {
	Title       string
	Version     string
	Description string
}

// ConnectErrorSchema is the name of the schema every call answers on failure:
// Connect's JSON error (https://connectrpc.com/docs/protocol#error-end-stream),
// where code is a word, not gRPC's number in protoc-gen-openapiv2's rpcStatus.
const ConnectErrorSchema = "connect.error"

// Convert reads an OpenAPI 2.0 document and returns it as OpenAPI 3.1 JSON.
func Convert(swagger []byte, info Info) ([]byte, error) {
	var in map[string]any
	if err := json.Unmarshal(swagger, &in); err != nil {
		return nil, fmt.Errorf("openapi31: read: %w", err)
	}
	if in["swagger"] != "2.0" {
		return nil, errors.New("openapi31: not an OpenAPI 2.0 document")
	}
	consumes := mediaTypes(in["consumes"])
	produces := mediaTypes(in["produces"])

	out := map[string]any{"openapi": "3.1.0"}
	inf, _ := in["info"].(map[string]any)
	if inf == nil {
		inf = map[string]any{}
	}
	setIf(inf, "title", info.Title)
	setIf(inf, "version", info.Version)
	setIf(inf, "description", info.Description)
	out["info"] = inf
	if tags, ok := in["tags"]; ok {
		out["tags"] = tags
	}
	if host, _ := in["host"].(string); host != "" {
		scheme := "https"
		if s, _ := in["schemes"].([]any); len(s) > 0 {
			scheme, _ = s[0].(string)
		}
		base, _ := in["basePath"].(string)
		out["servers"] = []any{map[string]any{"url": scheme + "://" + host + base}}
	}

	schemas, _ := in["definitions"].(map[string]any)
	if schemas == nil {
		schemas = map[string]any{}
	}
	schemas[ConnectErrorSchema] = connectError()

	paths, _ := in["paths"].(map[string]any)
	for path, item := range paths {
		ops, _ := item.(map[string]any)
		for method, v := range ops {
			op, ok := v.(map[string]any)
			if !ok {
				continue
			}
			if err := convertOperation(op, consumes, produces); err != nil {
				return nil, fmt.Errorf("openapi31: %s %s: %w", strings.ToUpper(method), path, err)
			}
		}
	}
	out["paths"] = paths

	components := map[string]any{}
	if sec, ok := in["securityDefinitions"].(map[string]any); ok {
		components["securitySchemes"] = securitySchemes(sec)
	}
	if s, ok := in["security"]; ok {
		out["security"] = s
	}
	rewriteRefs(paths)
	rewriteRefs(schemas)
	components["schemas"] = reachable(paths, schemas)
	out["components"] = components

	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, fmt.Errorf("openapi31: write: %w", err)
	}
	return buf.Bytes(), nil
}

func setIf(m map[string]any, key, value string) {
	if value != "" {
		m[key] = value
	}
}

func mediaTypes(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, m := range list {
		if s, ok := m.(string); ok {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		out = []string{"application/json"}
	}
	return out
}

func content(schema any, types []string) map[string]any {
	c := map[string]any{}
	for _, t := range types {
		c[t] = map[string]any{"schema": schema}
	}
	return c
}

// convertOperation moves a body parameter into requestBody, gives the other
// parameters a schema, and response schemas content; the error response
// becomes Connect's.
func convertOperation(op map[string]any, consumes, produces []string) error {
	if c := mediaTypes(op["consumes"]); op["consumes"] != nil {
		consumes = c
	}
	if p := mediaTypes(op["produces"]); op["produces"] != nil {
		produces = p
	}
	delete(op, "consumes")
	delete(op, "produces")

	// A server stream: protoc-gen-openapiv2 describes grpc-gateway's
	// envelope; Connect sends each message in its own binary envelope, as
	// application/connect+json, and takes the request the same way.
	if result, ok := streamResult(op); ok {
		consumes = []string{connectStreamJSON}
		produces = []string{connectStreamJSON}
		ok200, _ := op["responses"].(map[string]any)["200"].(map[string]any)
		ok200["schema"] = result
		ok200["description"] = "A stream of messages, each in Connect's streaming envelope (application/connect+json)."
	}

	params, _ := op["parameters"].([]any)
	var kept []any
	for _, v := range params {
		p, ok := v.(map[string]any)
		if !ok {
			return errors.New("a parameter is not an object")
		}
		switch p["in"] {
		case "body":
			body := map[string]any{"content": content(p["schema"], consumes)}
			if d, ok := p["description"]; ok {
				body["description"] = d
			}
			if r, ok := p["required"]; ok {
				body["required"] = r
			}
			op["requestBody"] = body
		case "formData":
			return errors.New("formData parameters are not converted")
		default:
			schema := map[string]any{}
			for _, k := range []string{"type", "format", "items", "enum", "default", "minimum", "maximum", "pattern", "maxLength", "minLength", "maxItems", "minItems", "uniqueItems"} {
				if v, ok := p[k]; ok {
					schema[k] = v
					delete(p, k)
				}
			}
			if cf, ok := p["collectionFormat"]; ok {
				delete(p, "collectionFormat")
				if cf == "multi" {
					p["explode"] = true
				}
			}
			p["schema"] = schema
			kept = append(kept, p)
		}
	}
	if kept == nil {
		delete(op, "parameters")
	} else {
		op["parameters"] = kept
	}

	responses, _ := op["responses"].(map[string]any)
	for code, v := range responses {
		r, ok := v.(map[string]any)
		if !ok {
			continue
		}
		schema, has := r["schema"]
		delete(r, "schema")
		if code == "default" {
			r["description"] = "An error, as Connect sends it: the code in words, a message, and details such as google.rpc.ErrorInfo and google.rpc.BadRequest."
			schema, has = map[string]any{"$ref": "#/components/schemas/" + ConnectErrorSchema}, true
		}
		if has {
			r["content"] = content(schema, produces)
		}
	}
	return nil
}

// connectStreamJSON is the media type of Connect's streaming calls in JSON.
const connectStreamJSON = "application/connect+json"

// streamResult is the message schema of a server stream's answer, which
// protoc-gen-openapiv2 wraps as {"result": ..., "error": ...}.
func streamResult(op map[string]any) (any, bool) {
	responses, _ := op["responses"].(map[string]any)
	ok200, _ := responses["200"].(map[string]any)
	schema, _ := ok200["schema"].(map[string]any)
	title, _ := schema["title"].(string)
	if !strings.HasPrefix(title, "Stream result of ") {
		return nil, false
	}
	props, _ := schema["properties"].(map[string]any)
	result, ok := props["result"]
	return result, ok
}

func securitySchemes(in map[string]any) map[string]any {
	out := map[string]any{}
	for name, v := range in {
		s, _ := v.(map[string]any)
		switch s["type"] {
		case "basic":
			out[name] = map[string]any{"type": "http", "scheme": "basic", "description": s["description"]}
		default:
			out[name] = s
		}
	}
	return out
}

// rewriteRefs points every $ref at components.schemas.
func rewriteRefs(v any) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			if s, ok := e.(string); ok && k == "$ref" {
				t[k] = strings.Replace(s, "#/definitions/", "#/components/schemas/", 1)
				continue
			}
			rewriteRefs(e)
		}
	case []any:
		for _, e := range t {
			rewriteRefs(e)
		}
	}
}

// reachable keeps the schemas the paths use, directly or through another
// schema (rpcStatus, replaced by Connect's error, goes).
func reachable(paths any, schemas map[string]any) map[string]any {
	const prefix = "#/components/schemas/"
	kept := map[string]any{}
	var queue []string
	var collect func(v any)
	collect = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			for k, e := range t {
				if s, ok := e.(string); ok && k == "$ref" && strings.HasPrefix(s, prefix) {
					queue = append(queue, strings.TrimPrefix(s, prefix))
					continue
				}
				collect(e)
			}
		case []any:
			for _, e := range t {
				collect(e)
			}
		}
	}
	collect(paths)
	for len(queue) > 0 {
		sort.Strings(queue)
		name := queue[0]
		queue = queue[1:]
		if _, done := kept[name]; done {
			continue
		}
		s, ok := schemas[name]
		if !ok {
			continue
		}
		kept[name] = s
		collect(s)
	}
	return kept
}

func connectError() map[string]any {
	codes := []any{"canceled", "unknown", "invalid_argument", "deadline_exceeded", "not_found", "already_exists",
		"permission_denied", "resource_exhausted", "failed_precondition", "aborted", "out_of_range",
		"unimplemented", "internal", "unavailable", "data_loss", "unauthenticated"}
	return map[string]any{
		"type":        "object",
		"description": "A Connect error. Each detail is a protobuf message: its type name and its bytes in base64; the TypeScript client decodes them (ErrorInfo, BadRequest, ... from gen/ts).",
		"properties": map[string]any{
			"code":    map[string]any{"type": "string", "enum": codes},
			"message": map[string]any{"type": "string"},
			"details": map[string]any{
				"type": "array",
				"items": map[string]any{
					"type":     "object",
					"required": []any{"type", "value"},
					"properties": map[string]any{
						"type":  map[string]any{"type": "string", "description": "The detail's message type, such as google.rpc.BadRequest."},
						"value": map[string]any{"type": "string", "contentEncoding": "base64", "description": "The detail in the protobuf binary encoding."},
						"debug": map[string]any{"description": "The detail as JSON, when the server adds it."},
					},
				},
			},
		},
		"required": []any{"code"},
	}
}
