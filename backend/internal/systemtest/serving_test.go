package systemtest

import (
	"bytes"
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/cli"
)

// serving is `shopd serve` running inside the test's process.
type serving struct {
	out  *announcer
	logs *logBuffer
	// done receives what Run returned.
	done chan error
}

// serve runs `shopd serve --addr 127.0.0.1:0` and then args, with env as
// its whole environment, until ctx ends.
func serve(ctx context.Context, env map[string]string, args ...string) *serving {
	s := &serving{out: &announcer{url: make(chan string, 1)}, logs: &logBuffer{}, done: make(chan error, 1)}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	args = append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)
	go func() { s.done <- cli.Run(ctx, args, lookup, s.out, s.logs) }()
	return s
}

// openWithin bounds how long serve may take to announce itself: it
// migrates a fresh database (or starts an embedded cluster) first, which
// took 29 s on a loaded two-core CI machine while the browser suites ran
// beside it. It only bounds a failure.
const openWithin = 90 * time.Second

// opened is the URL serve announces, failing the test when serve stops
// first or takes longer than openWithin.
func (s *serving) opened(t *testing.T) string {
	t.Helper()
	select {
	case u := <-s.out.url:
		return u
	case err := <-s.done:
		t.Fatalf("serve stopped before listening: %v\n%s", err, s.logs)
	case <-time.After(openWithin):
		t.Fatalf("serve did not open within %s\n%s", openWithin, s.logs)
	}
	return ""
}

// announcer hands the first "Sabores is open at URL" line to the test.
type announcer struct {
	once sync.Once
	url  chan string
}

var openAt = regexp.MustCompile(`open at (http://\S+) `)

func (a *announcer) Write(p []byte) (int, error) {
	if m := openAt.FindSubmatch(p); m != nil {
		a.once.Do(func() { a.url <- string(m[1]) })
	}
	return len(p), nil
}

// logBuffer collects a server's log output for the test to read while it runs.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
