// Package mailtest runs Mailpit, a real SMTP server with an HTTP API to read
// what it caught, for tests: e-mail is tested against SMTP, never a mock.
// Mailpit is pinned as a Go tool in tools/go.mod; the first use builds it
// (a minute or two, cached afterwards).
package mailtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is one Mailpit process.
type Server struct {
	// SMTPHost and SMTPPort are where to send.
	SMTPHost string
	SMTPPort int
	api      string
}

// Message is a caught e-mail as Mailpit's list shows it.
type Message struct {
	ID        string
	MessageID string
	Subject   string
	To        []struct{ Address string }
	ReplyTo   []struct{ Address string }
}

var (
	binaryOnce sync.Once
	binary     string
	binaryErr  error
)

// mailpitBinary builds Mailpit once per test binary and returns its path.
func mailpitBinary() (string, error) {
	binaryOnce.Do(func() {
		dir, err := os.Getwd()
		if err != nil {
			binaryErr = err
			return
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "tools", "go.mod")); err == nil {
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				binaryErr = errors.New("mailtest: tools/go.mod not found above the test's directory")
				return
			}
			dir = parent
		}
		// go tool -n builds the tool into the cache and prints its path,
		// so the test starts (and stops) Mailpit itself, not a go wrapper.
		out, err := exec.CommandContext(context.Background(), "go", "tool", "-n", "-modfile="+filepath.Join(dir, "tools", "go.mod"), "mailpit").Output()
		if err != nil {
			binaryErr = fmt.Errorf("mailtest: build mailpit: %w", err)
			return
		}
		binary = strings.TrimSpace(string(out))
	})
	return binary, binaryErr
}

// Start runs Mailpit on free loopback ports until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := mailpitBinary()
	if err != nil {
		t.Fatal(err)
	}
	smtpPort, apiPort := freePort(t), freePort(t)
	cmd := exec.CommandContext(context.Background(), bin,
		"--smtp", fmt.Sprintf("127.0.0.1:%d", smtpPort), "--listen", fmt.Sprintf("127.0.0.1:%d", apiPort),
		"--database", filepath.Join(t.TempDir(), "mailpit.db"), "--quiet", "--disable-version-check",
		"--smtp-auth-accept-any", "--smtp-auth-allow-insecure")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("mailtest: start mailpit: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	s := &Server{SMTPHost: "127.0.0.1", SMTPPort: smtpPort, api: fmt.Sprintf("http://127.0.0.1:%d", apiPort)}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := s.list(); err == nil {
			if c, err := new(net.Dialer).DialContext(context.Background(), "tcp", fmt.Sprintf("127.0.0.1:%d", smtpPort)); err == nil {
				_ = c.Close()
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("mailtest: mailpit did not start within 20 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Messages lists every message caught, newest first.
func (s *Server) Messages(t testing.TB) []Message {
	t.Helper()
	msgs, err := s.list()
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func (s *Server) list() ([]Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.api+"/api/v1/messages?limit=1000", nil)
	if err != nil {
		return nil, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("mailtest: list messages: %s", res.Status)
	}
	var body struct{ Messages []Message }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		return nil, fmt.Errorf("mailtest: decode messages: %w", err)
	}
	return body.Messages, nil
}

// Text returns a caught message's plain-text body.
func (s *Server) Text(t testing.TB, id string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.api+"/api/v1/message/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct{ Text string }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Text
}

// Attachment is a file a caught message carries, with its content.
type Attachment struct {
	FileName    string
	ContentType string
	Data        []byte
}

// Attachments returns a caught message's attachments with their content.
func (s *Server) Attachments(t testing.TB, id string) []Attachment {
	t.Helper()
	var body struct {
		Attachments []struct{ PartID, FileName, ContentType string }
	}
	if err := json.Unmarshal(s.get(t, "/api/v1/message/"+id), &body); err != nil {
		t.Fatal(err)
	}
	out := make([]Attachment, 0, len(body.Attachments))
	for _, a := range body.Attachments {
		out = append(out, Attachment{FileName: a.FileName, ContentType: a.ContentType,
			Data: s.get(t, "/api/v1/message/"+id+"/part/"+a.PartID)})
	}
	return out
}

// get reads path of Mailpit's API.
func (s *Server) get(t testing.TB, path string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.api+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("mailtest: GET %s: %s %v", path, res.Status, err)
	}
	return b
}

func freePort(t testing.TB) int {
	t.Helper()
	ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return port
}

// Headers returns a caught message's headers as the SMTP server got them.
func (s *Server) Headers(t testing.TB, id string) map[string][]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.api+"/api/v1/message/"+id+"/headers", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var h map[string][]string
	if err := json.NewDecoder(res.Body).Decode(&h); err != nil {
		t.Fatal(err)
	}
	return h
}
