package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// server is a running shopd.
type server struct {
	cmd  *exec.Cmd
	base string
}

// startShopd starts shopd on dsn and returns once /healthz answers 200,
// with the time that took from the process start.
func startShopd(ctx context.Context, cfg config, shopd, dsn, logFile string) (*server, time.Duration, error) {
	addr := fmt.Sprintf("127.0.0.1:%d", cfg.port)
	if ln, err := new(net.ListenConfig).Listen(ctx, "tcp", addr); err != nil {
		return nil, 0, fmt.Errorf("port %d is taken: %w", cfg.port, err)
	} else {
		_ = ln.Close()
	}
	logf, err := os.Create(logFile)
	if err != nil {
		return nil, 0, err
	}
	cmd := exec.CommandContext(ctx, shopd, "serve")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "ADDR="+addr, "PUBLIC_URL=http://"+addr,
		"SEED_ON_EMPTY=false", "LOG_LEVEL=warn", "ENV=development",
		"SMTP_HOST=127.0.0.1", "SMTP_PORT="+strconv.Itoa(cfg.mail.port()), "SMTP_TLS=none")
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	s := &server{cmd: cmd, base: "http://" + addr}
	client := &http.Client{Timeout: time.Second}
	for time.Since(start) < 60*time.Second {
		res, err := get(ctx, client, s.base+"/healthz")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, time.Since(start), nil
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.stop()
	return nil, 0, fmt.Errorf("shopd did not become healthy; see %s", logFile)
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// sampler polls the server's resident set and goroutines while a load runs.
type sampler struct {
	stop       chan struct{}
	done       chan struct{}
	rssMB      float64
	goroutines int
}

func get(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return client.Do(req)
}

func (s *server) sample(ctx context.Context) *sampler {
	sm := &sampler{stop: make(chan struct{}), done: make(chan struct{})}
	client := &http.Client{Timeout: 500 * time.Millisecond}
	go func() {
		defer close(sm.done)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			if rss := s.rssMB(); rss > sm.rssMB {
				sm.rssMB = rss
			}
			if g := goroutines(ctx, client, s.base); g > sm.goroutines {
				sm.goroutines = g
			}
			select {
			case <-sm.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return sm
}

func (sm *sampler) finish() (rssMB float64, goroutines int) {
	close(sm.stop)
	<-sm.done
	return sm.rssMB, sm.goroutines
}

// goroutines reads go_goroutines from shopd's /metrics; 0 when it has none.
func goroutines(ctx context.Context, client *http.Client, base string) int {
	res, err := get(ctx, client, base+"/metrics")
	if err != nil {
		return 0
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode != http.StatusOK {
		return 0
	}
	b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "go_goroutines "); ok {
			n, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int(n)
		}
	}
	return 0
}

func (s *server) rssMB() float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// resetPeak starts the server's peak resident set (VmHWM) afresh, so the
// next memory reads the peak of one stage, not of the process's life.
func (s *server) resetPeak() error {
	if err := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0); err != nil {
		return fmt.Errorf("reset shopd's peak resident set: %w", err)
	}
	return nil
}

// memory reads the server's peak resident set (VmHWM) and thread count.
func (s *server) memory() (peakMB float64, threads int) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "VmHWM:":
			kb, _ := strconv.ParseFloat(f[1], 64)
			peakMB = kb / 1024
		case "Threads:":
			threads, _ = strconv.Atoi(f[1])
		}
	}
	return peakMB, threads
}
