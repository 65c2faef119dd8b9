package systemtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// leafPaths lists the paths to every string, number and boolean of a
// decoded JSON value (a list's first element stands for the list).
func leafPaths(v any, path []any, out *[][]any) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			leafPaths(x[k], append(append([]any{}, path...), k), out)
		}
	case []any:
		if len(x) > 0 {
			leafPaths(x[0], append(append([]any{}, path...), 0), out)
		}
	default:
		*out = append(*out, path)
	}
}

// withLeaf is a deep copy of v with the value at path replaced.
func withLeaf(v any, path []any, value any) any {
	if len(path) == 0 {
		return value
	}
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = e
		}
		out[path[0].(string)] = withLeaf(x[path[0].(string)], path[1:], value)
		return out
	case []any:
		out := append([]any{}, x...)
		out[path[0].(int)] = withLeaf(x[path[0].(int)], path[1:], value)
		return out
	}
	return value
}

// TestHostileNestedFields: the generic suite (TestHostileInput) sets one
// top-level field at a time, so a hostile value never gets past the
// required fields beside it into a nested message. Here issue 15's
// back-office RPCs whose requests are nested (ProductDetails,
// ProductContent with its food information, PromotionTerms) get a valid
// request with one leaf at a time made hostile, as an admin: each answer is
// a clear client error or a harmless success, never Internal, and a
// refused request changes nothing.
func TestHostileNestedFields(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("hostile suite: hundreds of requests")
	}
	direct := dbtest.NewSeeded(t)
	ctx := context.Background()
	var adminID int64
	if err := direct.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	shop := newTestShop(t, dbtest.URL(direct), io.Discard)
	token := sessionFor(t, direct, adminID)
	admin := client(token)
	content, err := saboresv1connect.NewAdminProductServiceClient(admin, shop.URL).GetProductContent(ctx,
		connect.NewRequest(&saboresv1.GetProductContentRequest{Id: 1002}))
	if err != nil {
		t.Fatal(err)
	}
	if content.Msg.GetContent().GetFoodInfo().GetNutrition() == nil {
		t.Fatal("product 1002 has no food information to start from")
	}
	details := &saboresv1.ProductDetails{
		Name: "Producto hostil", Code: "HOSTILE", Sku: "HOSTILE", Ean: "7891234567895", Brand: "Marca",
		Description: "Descripción", Category: "alimentos", Country: "brasil", Price: "2,50", VatRate: "10",
		OnlineCategories: []string{"alimentos"},
	}
	now := time.Now()
	baselines := []struct {
		procedure string
		msg       proto.Message
		// fresh makes the request's unique parts differ from the previous
		// case's, so that an accepted one does not refuse the next.
		fresh func(req map[string]any, i int)
	}{
		{saboresv1connect.AdminProductServiceCreateProductProcedure, &saboresv1.CreateProductRequest{Details: details, InitialStock: 5},
			func(req map[string]any, i int) {
				d := req["details"].(map[string]any)
				if d["code"] == "HOSTILE" {
					d["code"] = fmt.Sprintf("HOSTILE-%d", i)
				}
				if d["sku"] == "HOSTILE" {
					d["sku"] = fmt.Sprintf("HOSTILE-%d", i)
				}
				if d["ean"] == "7891234567895" {
					d["ean"] = ""
				}
			}},
		{saboresv1connect.AdminProductServiceUpdateProductDetailsProcedure, &saboresv1.UpdateProductDetailsRequest{Id: 1002, Details: details}, nil},
		{saboresv1connect.AdminProductServiceUpdateProductContentProcedure, &saboresv1.UpdateProductContentRequest{Content: content.Msg.GetContent()}, nil},
		{saboresv1connect.AdminPromotionServiceCreatePromotionProcedure, &saboresv1.CreatePromotionRequest{ProductId: 2001, Terms: &saboresv1.PromotionTerms{
			Type: saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE, DiscountBasisPoints: 1500,
			StartTime: timestamppb.New(now.Add(time.Hour)), EndTime: timestamppb.New(now.Add(2 * time.Hour)),
		}}, func(req map[string]any, i int) {
			// Each case its own window, so an accepted one overlaps none.
			terms := req["terms"].(map[string]any)
			start := now.Add(time.Duration(2*i+1) * 24 * time.Hour)
			if _, ok := terms["startTime"].(string); ok && terms["startTime"] == baselineStart(now) {
				terms["startTime"] = start.UTC().Format(time.RFC3339Nano)
			}
			if _, ok := terms["endTime"].(string); ok && terms["endTime"] == baselineEnd(now) {
				terms["endTime"] = start.Add(time.Hour).UTC().Format(time.RFC3339Nano)
			}
		}},
	}
	values := map[string]any{}
	for label, v := range hostileStrings {
		values["string-"+label] = v
	}
	for label, v := range hostileNumbers {
		var n any
		if err := json.Unmarshal([]byte(v), &n); err != nil {
			t.Fatal(err)
		}
		values["number-"+label] = n
	}
	labels := make([]string, 0, len(values))
	for l := range values {
		labels = append(labels, l)
	}
	sort.Strings(labels)

	state := tablesChecksum(t, direct)
	var sent, accepted int
	for _, b := range baselines {
		raw, err := protojson.Marshal(b.msg)
		if err != nil {
			t.Fatal(err)
		}
		var base any
		if err := json.Unmarshal(raw, &base); err != nil {
			t.Fatal(err)
		}
		var paths [][]any
		leafPaths(base, nil, &paths)
		for _, path := range paths {
			for _, label := range labels {
				req := withLeaf(base, path, values[label]).(map[string]any)
				if b.fresh != nil {
					b.fresh(req, sent)
				}
				body, err := json.Marshal(req)
				if err != nil {
					t.Fatal(err)
				}
				code, msg := postJSON(t, admin, shop.URL+b.procedure, body)
				sent++
				where := fmt.Sprintf("%s %v=%s", b.procedure, path, label)
				// A code an earlier accepted case gave another product
				// is taken: a clear client error too.
				if !allowedCodes[code] && code != "already_exists" {
					t.Errorf("%s: %s %q", where, code, msg)
				} else if code != "ok" && msg == "" {
					t.Errorf("%s: %s without a message", where, code)
				}
				after := tablesChecksum(t, direct)
				if code != "ok" && after != state {
					t.Errorf("%s: refused (%s) but changed the database", where, code)
				}
				if code == "ok" {
					accepted++
				}
				state = after
			}
		}
	}
	t.Logf("%d hostile nested requests, %d accepted", sent, accepted)
	if sent < 400 {
		t.Errorf("only %d requests: the baselines lost their nested fields", sent)
	}
}

// baselineStart and baselineEnd are the promotion baseline's window as
// protojson writes it.
func baselineStart(now time.Time) string { return stamp(now.Add(time.Hour)) }
func baselineEnd(now time.Time) string   { return stamp(now.Add(2 * time.Hour)) }

func stamp(t time.Time) string {
	b, _ := protojson.Marshal(timestamppb.New(t))
	var s string
	_ = json.Unmarshal(b, &s)
	return s
}
