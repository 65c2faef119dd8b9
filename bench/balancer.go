package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"text/tabwriter"
	"text/template"
	"time"
)

// balancerReport is the cached ListProducts GET straight to shopd and
// through HAProxy (deploy/haproxy.cfg, as ./task cluster runs it) in front
// of 1 and then 3 shopd processes on the same database.
type balancerReport struct {
	Runs []balancerRun `json:"runs"`
}

// balancerRun is one topology's wrk run at 32 connections.
type balancerRun struct {
	Topology string     `json:"topology"`
	Replicas int        `json:"replicas"`
	Result   loadResult `json:"result"`
	// Served counts which replica answered a sample of requests (HAProxy's
	// X-Sabores-Replica header): every replica must take its share.
	Served map[string]int `json:"served,omitempty"`
	// SameBytes says every sampled answer had the bytes shopd sends
	// directly.
	SameBytes bool `json:"same_bytes"`
}

// measureBalancer starts HAProxy with deploy/haproxy.cfg in front of the
// bench's shopd, then of it and two more on the same database, and drives
// the cached GET of the ceiling section through it. On 2 cores the load
// generator, HAProxy and the shopd processes share the same CPUs: the
// figures show the balancer's overhead and that every replica answers
// correctly, not scaling.
func measureBalancer(ctx context.Context, cfg config, shopd, dsn string, smp catalogueSample) (*balancerReport, error) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		// Debian's, installed like wrk (ensureTools) when missing.
		if err := aptInstall(ctx, "haproxy"); err != nil {
			return nil, err
		}
		if haproxy, err = exec.LookPath("haproxy"); err != nil {
			return nil, err
		}
	}
	work, err := filepath.Abs(filepath.Join(cfg.dir, "work"))
	if err != nil {
		return nil, err
	}
	page := connectGet("CatalogService/ListProducts", ceilingPage(smp))
	sc := scenario{Name: "balancer-get", Requests: []request{page}}
	// The replicas: the bench's shopd is already on cfg.port; two more
	// take the ports after HAProxy's and its statistics page's.
	lbPort, statsPort := cfg.port+1, cfg.port+2
	replicas := []server{{base: fmt.Sprintf("http://127.0.0.1:%d", cfg.port)}}
	defer func() {
		for _, r := range replicas[1:] {
			r.stop()
		}
	}()
	for i := 1; i < 3; i++ {
		c := cfg
		c.port = cfg.port + 2 + i
		s, _, err := startShopd(ctx, c, shopd, dsn, filepath.Join(work, fmt.Sprintf("shopd-replica-%d.log", i+1)))
		if err != nil {
			return nil, err
		}
		replicas = append(replicas, *s)
	}
	want, _, err := fetchBody(ctx, replicas[0].base+page.Path)
	if err != nil {
		return nil, err
	}
	rep := &balancerReport{}
	direct := balancerRun{Topology: "shopd directly", Replicas: 1, SameBytes: true}
	if _, err := runWrk(ctx, work, replicas[0].base, sc, 8, time.Second, 0); err != nil {
		return nil, err
	}
	if direct.Result, err = runWrk(ctx, work, replicas[0].base, sc, ceilingConns, cfg.duration, 0); err != nil {
		return nil, err
	}
	rep.Runs = append(rep.Runs, direct)
	for _, n := range []int{1, 3} {
		lb, err := startHAProxy(ctx, haproxy, work, lbPort, statsPort, replicas[:n])
		if err != nil {
			return nil, err
		}
		run := balancerRun{Topology: fmt.Sprintf("HAProxy → %d shopd", n), Replicas: n}
		run.Served, run.SameBytes, err = sampleReplicas(ctx, lb.base+page.Path, want, n)
		if err == nil {
			// Warm-up: each replica fills its own cache.
			_, err = runWrk(ctx, work, lb.base, sc, 8, time.Second, 0)
		}
		if err == nil {
			run.Result, err = runWrk(ctx, work, lb.base, sc, ceilingConns, cfg.duration, 0)
		}
		lb.stop()
		if err != nil {
			return nil, err
		}
		log.Printf("balancer: %s %.0f req/s p99 %.2f ms, errors %d, served %v", run.Topology, run.Result.RPS,
			float64(run.Result.P99US)/1000, run.Result.ErrorsStatus+run.Result.ErrorsSocket, run.Served)
		rep.Runs = append(rep.Runs, run)
	}
	return rep, nil
}

// sampleReplicas asks url through the balancer until every one of n
// replicas has answered (HAProxy marks a server up after two health
// checks), at most for 15 s, and then 60 times more, counting who
// answered and checking each answer's bytes.
func sampleReplicas(ctx context.Context, url string, want []byte, n int) (map[string]int, bool, error) {
	served := map[string]int{}
	same := true
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(15 * time.Second)
	for extra := 0; extra < 60; {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, false, err
		}
		req.Header.Set("Accept-Encoding", "identity")
		res, err := client.Do(req)
		if err == nil {
			body, _ := io.ReadAll(res.Body)
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				served[res.Header.Get("X-Sabores-Replica")]++
				same = same && bytes.Equal(body, want)
			}
		}
		if len(served) >= n {
			extra++
			continue
		}
		if time.Now().After(deadline) {
			return served, same, fmt.Errorf("through HAProxy only %v answered of %d replicas", served, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return served, same, nil
}

// balancer is a running HAProxy.
type balancer struct {
	cmd  *exec.Cmd
	base string
	done chan struct{}
}

// startHAProxy renders deploy/haproxy.cfg (the template ./task cluster
// fills) for replicas and starts HAProxy in the foreground.
func startHAProxy(ctx context.Context, bin, work string, port, statsPort int, replicas []server) (*balancer, error) {
	tmpl, err := template.ParseFiles(filepath.Join("deploy", "haproxy.cfg"))
	if err != nil {
		return nil, err
	}
	type backend struct{ Name, Addr string }
	data := struct {
		Listen, Stats string
		Servers       []backend
		StickySignIn  bool
	}{Listen: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), Stats: net.JoinHostPort("127.0.0.1", strconv.Itoa(statsPort))}
	for i, r := range replicas {
		data.Servers = append(data.Servers, backend{Name: fmt.Sprintf("shopd%d", i+1), Addr: r.base[len("http://"):]})
	}
	var out bytes.Buffer
	if err := tmpl.Execute(&out, data); err != nil {
		return nil, err
	}
	path := filepath.Join(work, "haproxy.cfg")
	if err := os.WriteFile(path, out.Bytes(), 0o600); err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(work, "haproxy.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin, "-db", "-f", path)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		_ = logf.Close()
		return nil, fmt.Errorf("start haproxy: %w", err)
	}
	b := &balancer{cmd: cmd, base: "http://" + data.Listen, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); _ = logf.Close(); close(b.done) }()
	// Listening, and listening as HAProxy: a port taken by something else
	// makes it exit at once.
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		select {
		case <-b.done:
			return nil, fmt.Errorf("haproxy exited; see %s", logf.Name())
		default:
		}
		if conn, err := (&net.Dialer{Timeout: time.Second}).DialContext(ctx, "tcp", data.Listen); err == nil {
			_ = conn.Close()
			return b, nil
		}
		if time.Since(start) > 10*time.Second {
			b.stop()
			return nil, fmt.Errorf("haproxy does not listen on %s; see %s", data.Listen, logf.Name())
		}
	}
}

// stop ends HAProxy once the requests in flight are answered.
func (b *balancer) stop() {
	_ = b.cmd.Process.Signal(syscall.SIGUSR1)
	select {
	case <-b.done:
	case <-time.After(5 * time.Second):
		_ = b.cmd.Process.Kill()
		<-b.done
	}
}

// printBalancer prints the balancer section.
func printBalancer(w io.Writer, p *pastReport) {
	b := p.Balancer
	if b == nil {
		return
	}
	fmt.Fprintf(w, "\nThrough the load balancer: the cached ListProducts GET, %d connections, load average %.1f\n", ceilingConns, p.LoadAverage["balancer"])
	fmt.Fprintln(w, "(wrk, HAProxy and every shopd share the same 2 cores: this shows the overhead and correctness, not scaling)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "topology\treq/s\tp50 ms\tp99 ms\terrors\tanswered by\tsame bytes\t")
	for _, r := range b.Runs {
		served := "-"
		if r.Served != nil {
			served = fmt.Sprint(r.Served)
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%.2f\t%.2f\t%d\t%s\t%t\t\n", r.Topology, r.Result.RPS, float64(r.Result.P50US)/1000,
			float64(r.Result.P99US)/1000, r.Result.ErrorsStatus+r.Result.ErrorsSocket, served, r.SameBytes)
	}
	_ = tw.Flush()
}
