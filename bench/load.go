package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// request is one HTTP request a scenario sends; wrk cycles through them.
type request struct {
	Method, Path, Body string
	Headers            map[string]string
	// IdemKey marks a PlaceOrder body whose "IDEMKEY" wrk replaces with a
	// fresh UUID on every request.
	IdemKey bool
}

// scenario is a named set of requests sent round-robin.
type scenario struct {
	Name     string
	Requests []request
	// Compare names the pgbench script with the same SQL, if any.
	Compare string
}

// connectGet is a Connect unary call as a cacheable GET (NO_SIDE_EFFECTS).
func connectGet(procedure string, msg any) request {
	return request{Method: "GET", Path: "/sabores.v1." + procedure + "?encoding=json&message=" + url.QueryEscape(asciiJSON(msg))}
}

// connectPost is a Connect unary call with a JSON body.
func connectPost(procedure string, msg any, headers map[string]string) request {
	h := map[string]string{"Content-Type": "application/json"}
	for k, v := range headers {
		h[k] = v
	}
	return request{Method: "POST", Path: "/sabores.v1." + procedure, Body: asciiJSON(msg), Headers: h}
}

// asciiJSON encodes v as JSON with every non-ASCII character escaped, so the
// text can sit in a Lua string literal.
func asciiJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out strings.Builder
	for _, r := range string(b) {
		if r < 128 {
			out.WriteRune(r)
			continue
		}
		if r > 0xFFFF {
			r1, r2 := (r-0x10000)>>10+0xD800, (r-0x10000)&0x3FF+0xDC00
			fmt.Fprintf(&out, `\u%04x\u%04x`, r1, r2)
			continue
		}
		fmt.Fprintf(&out, `\u%04x`, r)
	}
	return out.String()
}

// luaScript renders the wrk script for s: each thread starts at its own
// offset in the request list; done() prints the figures as one JSON line.
func luaScript(s scenario, nonce, start int64) string {
	var b strings.Builder
	b.WriteString("local reqs = {\n")
	for _, r := range s.Requests {
		fmt.Fprintf(&b, "{method=%s, path=%s, body=%s, idem=%t, headers={", strconv.Quote(r.Method), strconv.Quote(r.Path), strconv.Quote(r.Body), r.IdemKey)
		for k, v := range r.Headers {
			fmt.Fprintf(&b, "[%s]=%s,", strconv.Quote(k), strconv.Quote(v))
		}
		b.WriteString("}},\n")
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "local nonce = %d\nlocal start = %d\n", nonce, start)
	b.WriteString(`
local threads = 0
function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end
local i, n = 0, 0
-- Requests are formatted once per thread: a string built per request makes
-- LuaJIT's collector stall the thread's connections for hundreds of ms.
local built = {}
function init(args)
  -- Each thread walks its own half of the list, from where the previous run
  -- of the scenario stopped: a shopper places few orders (the order rate
  -- limit allows 5 at once).
  i = start + tid * math.floor(#reqs / 2)
  for k, r in ipairs(reqs) do
    if r.idem then
      local a, b = string.find(r.body, "IDEMKEY", 1, true)
      built[k] = {pre = r.method, path = r.path, headers = r.headers, head = string.sub(r.body, 1, a - 1), tail = string.sub(r.body, b + 1)}
    else
      local body = r.body
      if body == "" then body = nil end
      built[k] = wrk.format(r.method, r.path, r.headers, body)
    end
  end
end
function request()
  i = i + 1
  local r = built[(i % #built) + 1]
  if type(r) == "string" then return r end
  n = n + 1
  local key = string.format("%08x-%04x-4000-8000-%012x", nonce % 4294967296, tid, n)
  return wrk.format(r.pre, r.path, r.headers, r.head .. key .. r.tail)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCHJSON {"requests":%d,"duration_us":%d,"errors_status":%d,"errors_socket":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`)
	return b.String()
}

// loadResult is what wrk measured for one scenario at one concurrency.
type loadResult struct {
	Requests     int64   `json:"requests"`
	DurationUS   int64   `json:"duration_us"`
	ErrorsStatus int64   `json:"errors_status"`
	ErrorsSocket int64   `json:"errors_socket"`
	P50US        int64   `json:"p50_us"`
	P95US        int64   `json:"p95_us"`
	P99US        int64   `json:"p99_us"`
	MaxUS        int64   `json:"max_us"`
	RPS          float64 `json:"rps"`
}

// runWrk drives s at concurrency conns for d against base.
// start is where in the request list this run begins.
func runWrk(ctx context.Context, dir, base string, s scenario, conns int, d time.Duration, start int64) (loadResult, error) {
	script := filepath.Join(dir, s.Name+".lua")
	if err := os.WriteFile(script, []byte(luaScript(s, time.Now().UnixNano(), start)), 0o644); err != nil {
		return loadResult{}, err
	}
	threads := min(conns, 2)
	cmd := exec.CommandContext(ctx, "wrk", "-t", strconv.Itoa(threads), "-c", strconv.Itoa(conns),
		"-d", fmt.Sprintf("%ds", int(d.Seconds())), "--timeout", "5s", "-s", script, base)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return loadResult{}, fmt.Errorf("wrk %s: %w: %s", s.Name, err, stderr.String())
	}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "BENCHJSON ")
		if !ok {
			continue
		}
		var r loadResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return loadResult{}, err
		}
		if r.DurationUS > 0 {
			r.RPS = float64(r.Requests) / (float64(r.DurationUS) / 1e6)
		}
		return r, nil
	}
	return loadResult{}, fmt.Errorf("wrk %s: no result in output:\n%s", s.Name, out.String())
}
