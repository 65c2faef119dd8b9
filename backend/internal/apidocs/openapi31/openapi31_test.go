package openapi31_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/apidocs/openapi31"
)

// swagger is what protoc-gen-openapiv2 writes for a unary call, a server
// stream and a query parameter, trimmed to what the conversion touches.
const swagger = `{
  "swagger": "2.0",
  "info": {"title": "sabores/v1/refund.proto", "version": "version not set"},
  "tags": [{"name": "StockService", "description": "Stock."}],
  "consumes": ["application/json"],
  "produces": ["application/json"],
  "paths": {
    "/sabores.v1.StockService/SetStock": {"post": {
      "summary": "SetStock sets counted stock.",
      "operationId": "StockService_SetStock",
      "parameters": [{"name": "body", "in": "body", "required": true, "description": "The lines.",
                      "schema": {"$ref": "#/definitions/v1SetStockRequest"}}],
      "responses": {
        "200": {"description": "A successful response.", "schema": {"$ref": "#/definitions/v1SetStockResponse"}},
        "default": {"description": "An unexpected error response.", "schema": {"$ref": "#/definitions/rpcStatus"}}
      },
      "tags": ["StockService"]
    }},
    "/sabores.v1.StockService/Export": {"post": {
      "parameters": [{"name": "body", "in": "body", "required": true, "schema": {"$ref": "#/definitions/v1ExportRequest"}}],
      "responses": {
        "200": {"description": "A successful response.(streaming responses)", "schema": {
          "type": "object", "title": "Stream result of v1ExportResponse",
          "properties": {"result": {"$ref": "#/definitions/v1ExportResponse"}, "error": {"$ref": "#/definitions/rpcStatus"}}}},
        "default": {"description": "An unexpected error response.", "schema": {"$ref": "#/definitions/rpcStatus"}}
      }
    }},
    "/v1/stock": {"get": {
      "parameters": [{"name": "sku", "in": "query", "required": false, "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"}],
      "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/v1SetStockResponse"}}}
    }}
  },
  "definitions": {
    "v1SetStockRequest": {"type": "object", "properties": {"lines": {"type": "array", "items": {"$ref": "#/definitions/v1Line"}}}},
    "v1Line": {"type": "object", "properties": {"sku": {"type": "string"}, "quantity": {"type": "string", "format": "int64"}}},
    "v1SetStockResponse": {"type": "object"},
    "v1ExportRequest": {"type": "object"},
    "v1ExportResponse": {"type": "object", "properties": {"csv": {"type": "string", "format": "byte"}}},
    "v1Unused": {"type": "object"},
    "rpcStatus": {"type": "object", "properties": {"details": {"type": "array", "items": {"$ref": "#/definitions/protobufAny"}}}},
    "protobufAny": {"type": "object"}
  }
}`

func convert(t *testing.T) map[string]any {
	t.Helper()
	out, err := openapi31.Convert([]byte(swagger), openapi31.Info{Title: "Sabores API", Version: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "#/definitions/") {
		t.Error("a $ref still points at #/definitions/")
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// at walks doc by keys (and list indexes as ints).
func at(t *testing.T, doc any, keys ...any) any {
	t.Helper()
	v := doc
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("%v: no object at %q", keys, k)
			}
			v, ok = m[k]
			if !ok {
				t.Fatalf("%v: no %q", keys, k)
			}
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("%v: no item %d", keys, k)
			}
			v = l[k]
		}
	}
	return v
}

func TestConvertWritesOpenAPI31(t *testing.T) {
	doc := convert(t)
	const setStock = "/sabores.v1.StockService/SetStock"
	const export = "/sabores.v1.StockService/Export"
	for _, c := range []struct {
		name string
		path []any
		want any
	}{
		{"version", []any{"openapi"}, "3.1.0"},
		{"title replaced", []any{"info", "title"}, "Sabores API"},
		{"version replaced", []any{"info", "version"}, "v1"},
		{"tags kept", []any{"tags", 0, "name"}, "StockService"},
		{"body becomes requestBody", []any{"paths", setStock, "post", "requestBody", "content", "application/json", "schema", "$ref"}, "#/components/schemas/v1SetStockRequest"},
		{"body's description", []any{"paths", setStock, "post", "requestBody", "description"}, "The lines."},
		{"body required", []any{"paths", setStock, "post", "requestBody", "required"}, true},
		{"summary kept", []any{"paths", setStock, "post", "summary"}, "SetStock sets counted stock."},
		{"answer's content", []any{"paths", setStock, "post", "responses", "200", "content", "application/json", "schema", "$ref"}, "#/components/schemas/v1SetStockResponse"},
		{"errors are Connect's", []any{"paths", setStock, "post", "responses", "default", "content", "application/json", "schema", "$ref"}, "#/components/schemas/connect.error"},
		{"stream answer enveloped", []any{"paths", export, "post", "responses", "200", "content", "application/connect+json", "schema", "$ref"}, "#/components/schemas/v1ExportResponse"},
		{"stream request enveloped", []any{"paths", export, "post", "requestBody", "content", "application/connect+json", "schema", "$ref"}, "#/components/schemas/v1ExportRequest"},
		{"query parameter's schema", []any{"paths", "/v1/stock", "get", "parameters", 0, "schema", "items", "type"}, "string"},
		{"multi is explode", []any{"paths", "/v1/stock", "get", "parameters", 0, "explode"}, true},
		{"nested refs rewritten", []any{"components", "schemas", "v1SetStockRequest", "properties", "lines", "items", "$ref"}, "#/components/schemas/v1Line"},
		{"int64 stays a string", []any{"components", "schemas", "v1Line", "properties", "quantity", "format"}, "int64"},
		{"connect code in words", []any{"components", "schemas", "connect.error", "properties", "code", "enum", 2}, "invalid_argument"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := at(t, doc, c.path...); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%v = %v, want %v", c.path, got, c.want)
			}
		})
	}

	for _, gone := range []string{"swagger", "definitions", "consumes", "produces"} {
		if _, ok := doc[gone]; ok {
			t.Errorf("%q is OpenAPI 2.0 and still at the top", gone)
		}
	}
	op := at(t, doc, "paths", setStock, "post").(map[string]any)
	if _, ok := op["parameters"]; ok {
		t.Error("the body parameter is still a parameter")
	}
	if _, ok := at(t, doc, "paths", "/v1/stock", "get", "parameters", 0).(map[string]any)["type"]; ok {
		t.Error("a query parameter keeps its type outside its schema")
	}
	schemas := at(t, doc, "components", "schemas").(map[string]any)
	for _, gone := range []string{"v1Unused", "rpcStatus", "protobufAny"} {
		if _, ok := schemas[gone]; ok {
			t.Errorf("schema %s is kept though no call uses it", gone)
		}
	}
}

func TestConvertRefusesWhatItCannotConvert(t *testing.T) {
	for name, in := range map[string]string{
		"not JSON":    "swagger: 2.0",
		"OpenAPI 3":   `{"openapi": "3.0.3", "paths": {}}`,
		"a form post": `{"swagger": "2.0", "paths": {"/x": {"post": {"parameters": [{"name": "f", "in": "formData", "type": "file"}], "responses": {}}}}}`,
	} {
		if _, err := openapi31.Convert([]byte(in), openapi31.Info{}); err == nil {
			t.Errorf("%s: converted", name)
		}
	}
}
