// Command cluster runs Sabores's reference deployment on this machine: a
// PostgreSQL primary and streaming read replica, three shopd replicas and
// HAProxy in front (package cluster). `./task cluster` runs it; Ctrl-C
// stops everything, and the data stays in the data folder for next time.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/sabores/sabores/backend/internal/cluster"
)

func main() {
	opts := cluster.Options{StickySignIn: true}
	flag.StringVar(&opts.Dir, "data-dir", ".data/cluster", "folder of the databases, logs and generated haproxy.cfg")
	flag.StringVar(&opts.Shopd, "shopd", "bin/shopd", "shopd binary (./task build)")
	flag.StringVar(&opts.Template, "haproxy-config", "deploy/haproxy.cfg", "HAProxy configuration template")
	flag.StringVar(&opts.Host, "host", "127.0.0.1", "loopback address everything listens on")
	flag.IntVar(&opts.Port, "port", 8090, "load balancer port; the replicas take the next ones, then HAProxy's statistics page")
	flag.IntVar(&opts.Replicas, "replicas", 3, "number of shopd processes")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	opts.Logger = log

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c, err := cluster.Start(ctx, opts)
	if err != nil {
		log.Error("cluster did not start", "error", err)
		os.Exit(1)
	}
	fmt.Printf("Sabores cluster up:\n  shop (HAProxy)   %s\n  TLS, gRPC        %s\n  HAProxy stats    %s\n", c.URL(), c.TLSURL(), c.StatsURL())
	for _, r := range c.Replicas() {
		fmt.Printf("  %-16s %s  (log %s)\n", r.Name, r.URL(), r.LogPath())
	}
	fmt.Printf("  primary          %s\n  read replica     %s\nCtrl-C stops everything; data stays in %s.\n",
		c.PrimaryDSN(), c.ReplicaDSN(), opts.Dir)
	<-ctx.Done()
	log.Info("stopping the cluster")
	c.Stop(context.Background())
}
