package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// rateTargets are issue 7's throughput targets: each scenario is driven at
// exactly that rate to read the latency a shop serving it sees. wrk sends
// as fast as it can, so its percentiles are those of a saturated machine
// (wrk itself taking a large share of the two cores); vegeta sends at a
// constant rate whatever the answers' speed and times each request from
// when it was due, so a slow answer cannot hide the ones queued behind it.
var rateTargets = []struct {
	scenario string
	perSec   int
}{
	{"list-home", 5000}, {"list-category", 5000}, {"list-country", 5000}, {"list-todos-p3-price", 5000},
	{"list-category-cold", 5000}, {"get-product", 5000}, {"get-product-cold", 5000},
	{"search", 2000}, {"search-cold", 2000}, {"validate-cart", 3000}, {"place-order", 500},
}

// buildVegeta builds the load tool from the tools module (its version is
// pinned in tools/go.mod) into dir and returns its path.
func buildVegeta(ctx context.Context, dir string) (string, error) {
	bin, err := filepath.Abs(filepath.Join(dir, "vegeta"))
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-modfile=tools/go.mod", "-o", bin, "github.com/tsenart/vegeta/v12")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("build vegeta: %w", err)
	}
	return bin, nil
}

// rateResult is what vegeta measured for one scenario at its target rate.
type rateResult struct {
	Products int     `json:"products"`
	Scenario string  `json:"scenario"`
	Rate     int     `json:"target_per_sec"`
	Conns    int     `json:"max_conns"`
	Achieved float64 `json:"throughput_per_sec"`
	Success  float64 `json:"success_ratio"`
	P50MS    float64 `json:"p50_ms"`
	P95MS    float64 `json:"p95_ms"`
	P99MS    float64 `json:"p99_ms"`
	MaxMS    float64 `json:"max_ms"`
}

// vegetaTarget is one request in vegeta's JSON target format.
type vegetaTarget struct {
	Method string              `json:"method"`
	URL    string              `json:"url"`
	Body   []byte              `json:"body,omitempty"`
	Header map[string][]string `json:"header,omitempty"`
}

// runRate drives s at perSec requests per second over at most conns
// connections for d. A PlaceOrder body's idempotency key is made fresh
// for every request of the list (vegeta sends the list round-robin, and a
// run is shorter than one pass over 4 000 shoppers' orders).
func runRate(ctx context.Context, vegeta, dir, base string, s scenario, perSec, conns int, d time.Duration, start int64) (rateResult, error) {
	var targets bytes.Buffer
	enc := json.NewEncoder(&targets)
	n := len(s.Requests)
	for i := range n {
		r := s.Requests[(int(start)+i)%n]
		body := r.Body
		if r.IdemKey {
			body = strings.Replace(body, "IDEMKEY", fmt.Sprintf("%08x-0000-4000-8000-%012x", time.Now().Unix()%(1<<32), i), 1)
		}
		t := vegetaTarget{Method: r.Method, URL: base + r.Path, Header: map[string][]string{}}
		if body != "" {
			t.Body = []byte(body)
		}
		for k, v := range r.Headers {
			t.Header[k] = []string{v}
		}
		if err := enc.Encode(t); err != nil {
			return rateResult{}, err
		}
	}
	file := filepath.Join(dir, s.Name+".targets.json")
	if err := os.WriteFile(file, targets.Bytes(), 0o644); err != nil {
		return rateResult{}, err
	}
	attack := exec.CommandContext(ctx, vegeta, "attack",
		"-format=json", "-targets="+file, "-rate="+strconv.Itoa(perSec)+"/s", "-duration="+d.String(),
		"-max-connections="+strconv.Itoa(conns), "-timeout=5s")
	var results, stderr bytes.Buffer
	attack.Stdout, attack.Stderr = &results, &stderr
	if err := attack.Run(); err != nil {
		return rateResult{}, fmt.Errorf("vegeta attack %s: %w: %s", s.Name, err, stderr.String())
	}
	report := exec.CommandContext(ctx, vegeta, "report", "-type=json")
	report.Stdin = &results
	out, err := report.Output()
	if err != nil {
		return rateResult{}, fmt.Errorf("vegeta report %s: %w", s.Name, err)
	}
	var m struct {
		Latencies struct {
			P50 float64 `json:"50th"`
			P95 float64 `json:"95th"`
			P99 float64 `json:"99th"`
			Max float64 `json:"max"`
		} `json:"latencies"`
		Throughput float64 `json:"throughput"`
		Success    float64 `json:"success"`
	}
	if err := json.Unmarshal(out, &m); err != nil {
		return rateResult{}, fmt.Errorf("vegeta report %s: %w", s.Name, err)
	}
	ms := func(ns float64) float64 { return ns / 1e6 }
	return rateResult{
		Scenario: s.Name, Rate: perSec, Conns: conns, Achieved: m.Throughput, Success: m.Success,
		P50MS: ms(m.Latencies.P50), P95MS: ms(m.Latencies.P95), P99MS: ms(m.Latencies.P99), MaxMS: ms(m.Latencies.Max),
	}, nil
}
