// Package cluster runs the reference deployment on one machine: a
// PostgreSQL 15 primary and its streaming read replica (made with
// pg_basebackup -R), several `shopd serve` processes sharing them, and
// HAProxy in front checking each one's /healthz. `./task cluster` runs it
// until Ctrl-C; the failover test (`./task cluster-test`) kills and
// restarts its replicas under traffic. Everything lives under one data
// folder and listens only on loopback.
package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"text/template"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/pgembed"
)

// database is the shop's database in the cluster's primary.
const database = "sabores"

// Options describe the topology to start.
type Options struct {
	// Dir holds everything: primary/, replica/, shopd-N/ (with logs) and
	// haproxy.cfg.
	Dir string
	// Shopd is the shopd binary (bin/shopd).
	Shopd string
	// HAProxy is the haproxy binary; empty looks it up in PATH.
	HAProxy string
	// Template is the HAProxy configuration template (deploy/haproxy.cfg).
	Template string
	// Host is the loopback address everything listens on.
	Host string
	// Port is the load balancer's port; the shopd replicas take the next
	// ones, HAProxy's statistics page the one after them and its TLS
	// listener the next.
	Port int
	// Replicas is how many shopd processes run (3).
	Replicas int
	// Env is added to every shopd's environment (SMTP_PORT, GOOGLE_*, ...).
	Env []string
	// StickySignIn keeps the sign-in pages on one replica, which the
	// development OpenID provider (in-memory, one per shopd) needs.
	StickySignIn bool
	// ReplicaHeader names the replica that answered in an X-Sabores-Replica
	// response header, for the failover test; a shop never tells the world
	// its backends' names.
	ReplicaHeader bool
	// Logger receives the cluster's progress.
	Logger *slog.Logger
}

// Cluster is a running topology.
type Cluster struct {
	opts     Options
	primary  *pgembed.Cluster
	replica  *pgembed.Cluster
	haproxy  *exec.Cmd
	hapDone  chan struct{}
	replicas []*Replica
	// statsPassword guards HAProxy's statistics page (user "admin").
	statsPassword string
	// trust holds the certificate of HAProxy's TLS listener.
	trust *x509.CertPool
}

// Start brings the topology up: primary, schema and sample catalogue,
// replica, the shopd processes, then HAProxy, and waits until the load
// balancer answers through every replica. On error what started is stopped.
func Start(ctx context.Context, opts Options) (c *Cluster, err error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Replicas == 0 {
		opts.Replicas = 3
	}
	if opts.Host == "" {
		opts.Host = "127.0.0.1"
	}
	if opts.HAProxy == "" {
		if opts.HAProxy, err = exec.LookPath("haproxy"); err != nil {
			return nil, fmt.Errorf("cluster: no haproxy in PATH (./task haproxy installs Debian's): %w", err)
		}
	}
	if opts.Dir, err = filepath.Abs(opts.Dir); err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	c = &Cluster{opts: opts}
	defer func() {
		if err != nil {
			c.Stop(context.WithoutCancel(ctx))
		}
	}()
	log := opts.Logger
	// Small: three shopd with three pools each (writes, catalogue reads, the
	// replica: 54 connections at most), River and the listener, on a
	// machine shared with others.
	pgSettings := []string{"max_connections=80", "shared_buffers=64MB"}
	c.primary, err = pgembed.Start(ctx, pgembed.Options{
		Dir: filepath.Join(opts.Dir, "primary"), Logger: log, Settings: pgSettings,
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: primary: %w", err)
	}
	if err := createDatabase(ctx, c.primary.DSN("")); err != nil {
		return nil, err
	}
	primaryDSN := c.primary.DSN(database)
	// Schema and sample catalogue once, before the replicas start, so the
	// three do not race to seed an empty database.
	if err := c.shopdOnce(ctx, primaryDSN, "seed"); err != nil {
		return nil, err
	}
	c.replica, err = pgembed.Start(ctx, pgembed.Options{
		Dir: filepath.Join(opts.Dir, "replica"), Logger: log, Settings: pgSettings,
		StandbyOf: c.primary.DSN(""),
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: read replica: %w", err)
	}
	log.Info("cluster: primary and streaming replica up", "primary", c.primary.DataDir(), "replica", c.replica.DataDir())

	public := c.URL()
	for i := range opts.Replicas {
		r := &Replica{
			Name: fmt.Sprintf("shopd%d", i+1),
			Addr: net.JoinHostPort(opts.Host, strconv.Itoa(opts.Port+1+i)),
			dir:  filepath.Join(opts.Dir, fmt.Sprintf("shopd-%d", i+1)),
			bin:  opts.Shopd,
		}
		r.env = append(append(os.Environ(),
			"ADDR="+r.Addr,
			"PUBLIC_URL="+public,
			"DATABASE_URL="+primaryDSN,
			"READ_DATABASE_URL="+c.replica.DSN(database),
			"DATA_DIR="+r.dir,
			"DB_MAX_CONNS=6",
			"SEED_ON_EMPTY=false",
			"TRUSTED_PROXIES="+opts.Host,
			"LOG_FORMAT=json",
		), opts.Env...)
		if err := r.Start(); err != nil {
			return nil, err
		}
		c.replicas = append(c.replicas, r)
	}
	for _, r := range c.replicas {
		if err := WaitHealthy(ctx, r.URL(), time.Minute); err != nil {
			return nil, fmt.Errorf("cluster: %s: %w (log: %s)", r.Name, err, r.LogPath())
		}
	}
	if err := c.startHAProxy(); err != nil {
		return nil, err
	}
	if err := WaitHealthy(ctx, c.URL(), 30*time.Second); err != nil {
		return nil, fmt.Errorf("cluster: load balancer: %w", err)
	}
	return c, nil
}

// publicHost is the name browsers use for host: localhost for the loopback
// address, which also keeps the development sign-in's loopback check happy.
func publicHost(host string) string {
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return "localhost"
	}
	return host
}

// URL is the load balancer's address as browsers use it (the shop's
// PUBLIC_URL: sign-in cookies are set for this host).
func (c *Cluster) URL() string {
	return "http://" + net.JoinHostPort(publicHost(c.opts.Host), strconv.Itoa(c.opts.Port))
}

// TLSURL is the load balancer's TLS listener, which offers HTTP/2 (ALPN
// h2) for native gRPC clients; Trust holds its certificate.
func (c *Cluster) TLSURL() string {
	return "https://" + net.JoinHostPort(publicHost(c.opts.Host), strconv.Itoa(c.tlsPort()))
}

// Trust is the pool that trusts the TLS listener's certificate.
func (c *Cluster) Trust() *x509.CertPool { return c.trust }

func (c *Cluster) tlsPort() int { return c.opts.Port + 2 + c.opts.Replicas }

// StatsURL is HAProxy's statistics page, its user and password in it.
func (c *Cluster) StatsURL() string {
	return "http://admin:" + c.statsPassword + "@" + net.JoinHostPort(c.opts.Host, strconv.Itoa(c.opts.Port+1+c.opts.Replicas))
}

// PrimaryDSN and ReplicaDSN are the shop's database on each server.
func (c *Cluster) PrimaryDSN() string { return c.primary.DSN(database) }

// ReplicaDSN is the shop's database on the read replica.
func (c *Cluster) ReplicaDSN() string { return c.replica.DSN(database) }

// Replicas are the shopd processes.
func (c *Cluster) Replicas() []*Replica { return c.replicas }

// Stop stops HAProxy, each shopd (gracefully), the replica, then the
// primary. It is safe to call on a partly started cluster.
func (c *Cluster) Stop(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if c.haproxy != nil {
		_ = c.haproxy.Process.Signal(syscall.SIGUSR1) // soft stop: finish requests in flight
		select {
		case <-c.hapDone:
		case <-time.After(5 * time.Second):
			_ = c.haproxy.Process.Kill()
			<-c.hapDone
		}
	}
	var wg sync.WaitGroup
	for _, r := range c.replicas {
		wg.Go(func() { r.Stop() })
	}
	wg.Wait()
	for _, pg := range []*pgembed.Cluster{c.replica, c.primary} {
		if pg != nil {
			if err := pg.Stop(ctx); err != nil {
				c.opts.Logger.Error("cluster: stopping PostgreSQL", "error", err)
			}
		}
	}
}

// shopdOnce runs a one-off shopd command (migrate, seed) on dsn.
func (c *Cluster) shopdOnce(ctx context.Context, dsn string, args ...string) error {
	cmd := exec.CommandContext(ctx, c.opts.Shopd, args...)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "DATA_DIR="+c.opts.Dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("cluster: shopd %v: %w\n%s", args, err, out)
	}
	return nil
}

// server is one line of HAProxy's backend.
type server struct{ Name, Addr string }

func (c *Cluster) startHAProxy() error {
	tmpl, err := template.ParseFiles(c.opts.Template)
	if err != nil {
		return fmt.Errorf("cluster: haproxy template: %w", err)
	}
	secret := make([]byte, 12)
	if _, err := rand.Read(secret); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	c.statsPassword = hex.EncodeToString(secret)
	certificate := filepath.Join(c.opts.Dir, "haproxy.pem")
	if c.trust, err = selfSigned(certificate, c.opts.Host); err != nil {
		return err
	}
	data := struct {
		Listen, TLSListen, Certificate, Stats, StatsPassword string
		Servers                                              []server
		StickySignIn, ReplicaHeader                          bool
	}{
		Listen:        net.JoinHostPort(c.opts.Host, strconv.Itoa(c.opts.Port)),
		TLSListen:     net.JoinHostPort(c.opts.Host, strconv.Itoa(c.tlsPort())),
		Certificate:   certificate,
		Stats:         net.JoinHostPort(c.opts.Host, strconv.Itoa(c.opts.Port+1+c.opts.Replicas)),
		StatsPassword: c.statsPassword,
		StickySignIn:  c.opts.StickySignIn,
		ReplicaHeader: c.opts.ReplicaHeader,
	}
	for _, r := range c.replicas {
		data.Servers = append(data.Servers, server{Name: r.Name, Addr: r.Addr})
	}
	var cfg bytes.Buffer
	if err := tmpl.Execute(&cfg, data); err != nil {
		return fmt.Errorf("cluster: haproxy template: %w", err)
	}
	path := filepath.Join(c.opts.Dir, "haproxy.cfg")
	if err := os.WriteFile(path, cfg.Bytes(), 0o600); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	if out, err := exec.Command(c.opts.HAProxy, "-c", "-q", "-f", path).CombinedOutput(); err != nil { //nolint:noctx // quick check
		return fmt.Errorf("cluster: haproxy rejects %s: %w\n%s", path, err, out)
	}
	logFile, err := os.Create(filepath.Join(c.opts.Dir, "haproxy.log"))
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	// -db: stay in the foreground, so it is our child and dies with us.
	c.haproxy = exec.Command(c.opts.HAProxy, "-db", "-f", path) //nolint:noctx // stopped by Stop
	c.haproxy.Stdout, c.haproxy.Stderr = logFile, logFile
	c.haproxy.SysProcAttr = childAttr()
	if err := c.haproxy.Start(); err != nil {
		_ = logFile.Close()
		return fmt.Errorf("cluster: start haproxy: %w", err)
	}
	c.hapDone = make(chan struct{})
	go func() {
		_ = c.haproxy.Wait()
		_ = logFile.Close()
		close(c.hapDone)
	}()
	return nil
}

// childAttr puts a child in its own process group (a Ctrl-C reaches only
// the cluster command, which stops everything in order) and has the kernel
// end it should the cluster command die.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// createDatabase creates the shop's database on first start.
func createDatabase(ctx context.Context, adminDSN string) error {
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", database).Scan(&exists); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+database); err != nil {
		return fmt.Errorf("cluster: create database: %w", err)
	}
	return nil
}
