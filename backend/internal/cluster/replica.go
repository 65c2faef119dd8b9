package cluster

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// Replica is one shopd process behind the load balancer.
type Replica struct {
	// Name is HAProxy's name for it (shopd1, ...), sent back in the
	// X-Sabores-Replica header.
	Name string
	// Addr is where it listens (host:port).
	Addr string
	dir  string
	env  []string
	bin  string

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
}

// URL is the replica's own address, bypassing the load balancer.
func (r *Replica) URL() string { return "http://" + r.Addr }

// LogPath is the replica's log file.
func (r *Replica) LogPath() string { return filepath.Join(r.dir, "shopd.log") }

// Start starts the replica's shopd (again, after Kill or Stop).
func (r *Replica) Start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := os.MkdirAll(r.dir, 0o700); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	logFile, err := os.OpenFile(r.LogPath(), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	cmd := exec.Command(r.bin, "serve") //nolint:noctx // stopped by Stop or Kill
	cmd.Env = r.env
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = childAttr()
	if err := cmd.Start(); err != nil {
		_ = logFile.Close()
		return fmt.Errorf("cluster: start %s: %w", r.Name, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		_ = logFile.Close()
		close(done)
	}()
	r.cmd, r.done = cmd, done
	return nil
}

// Kill ends the replica at once (SIGKILL), as a crash or a lost machine
// would: requests in flight get no answer.
func (r *Replica) Kill() {
	r.signal(syscall.SIGKILL, 0)
}

// Stop ends the replica gracefully (SIGTERM: requests in flight finish),
// killing it after 15 s.
func (r *Replica) Stop() {
	r.signal(syscall.SIGTERM, 15*time.Second)
}

func (r *Replica) signal(sig syscall.Signal, grace time.Duration) {
	r.mu.Lock()
	cmd, done := r.cmd, r.done
	r.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(sig)
	if grace > 0 {
		select {
		case <-done:
			return
		case <-time.After(grace):
			_ = cmd.Process.Kill()
		}
	}
	<-done
}

// WaitHealthy polls base/healthz until it answers 200.
func WaitHealthy(ctx context.Context, base string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/healthz", nil)
		if err != nil {
			return err
		}
		res, err := client.Do(req)
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s/healthz not healthy within %s", base, timeout)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
