package metrics

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/prerender"
	"github.com/sabores/sabores/backend/internal/stuck"
)

// Operations is what the owner watches for failures, read at each scrape.
type Operations struct {
	Stuck stuck.Report
	Jobs  []JobCount
}

// JobCount is River's jobs of one kind in one state (jobs.Counts).
type JobCount struct {
	Kind, State   string
	Jobs, Retried int64
}

// operationsTimeout bounds a scrape's reads, so a database in trouble
// slows the scrape by this much at most (Prometheus gives up after 10 s).
const operationsTimeout = 5 * time.Second

var (
	jobsDesc = prometheus.NewDesc("sabores_river_jobs",
		"River's jobs by kind and state (discarded: gave up after their last try; retryable: waiting for another).", []string{"kind", "state"}, nil)
	retriedDesc = prometheus.NewDesc("sabores_river_jobs_retried",
		"River's jobs by kind and state that ran more than once.", []string{"kind", "state"}, nil)
	unsentDesc = prometheus.NewDesc("sabores_emails_unsent",
		"E-mails the SMTP server has not accepted yet.", nil, nil)
	refundsDesc = prometheus.NewDesc("sabores_refunds_needing_desk",
		"Card and Bizum refunds waiting for the order desk: failed (refused on every try) or unknown (a try's answer was lost).", []string{"status"}, nil)
	verifactuDesc = prometheus.NewDesc("sabores_verifactu_records_waiting",
		"VeriFactu records no accepted submission holds yet.", nil, nil)
	stuckDesc = prometheus.NewDesc("sabores_stuck",
		"Work stuck by package stuck's definition: e-mails unsent after 15 minutes, refunds not accepted after an hour, VeriFactu records not accepted after an hour.", []string{"what"}, nil)
	readOKDesc = prometheus.NewDesc("sabores_operations_read_ok",
		"1 when this scrape read the jobs and stuck counts from the database, 0 when it failed (the other operations series are then missing).", nil, nil)
)

// OperationsCollector reads the operations with read at each scrape. A
// failed read is logged and shows as sabores_operations_read_ok 0, not as
// a failed scrape: the process and pool metrics still matter then.
func OperationsCollector(read func(context.Context) (Operations, error), log *slog.Logger) prometheus.Collector {
	return &operations{read: read, log: log}
}

type operations struct {
	read func(context.Context) (Operations, error)
	log  *slog.Logger
}

// Describe sends the descriptions.
func (o *operations) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{jobsDesc, retriedDesc, unsentDesc, refundsDesc, verifactuDesc, stuckDesc, readOKDesc} {
		ch <- d
	}
}

// Collect reads. Every state of a kind seen is sent, zeros included, so a
// rule comparing a state's count over time sees it start from 0.
func (o *operations) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), operationsTimeout)
	defer cancel()
	ops, err := o.read(ctx)
	if err != nil {
		o.log.Error("metrics: read operations", "error", err)
		ch <- prometheus.MustNewConstMetric(readOKDesc, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(readOKDesc, prometheus.GaugeValue, 1)
	type kindState struct{ kind, state string }
	counts := map[kindState]JobCount{}
	kinds := map[string]bool{}
	for _, c := range ops.Jobs {
		counts[kindState{c.Kind, c.State}] = c
		kinds[c.Kind] = true
	}
	for kind := range kinds {
		for _, state := range rivertype.JobStates() {
			c := counts[kindState{kind, string(state)}]
			ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.GaugeValue, float64(c.Jobs), kind, string(state))
			ch <- prometheus.MustNewConstMetric(retriedDesc, prometheus.GaugeValue, float64(c.Retried), kind, string(state))
		}
	}
	s := ops.Stuck
	gauge := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v), labels...)
	}
	gauge(unsentDesc, s.EmailsUnsent)
	gauge(refundsDesc, s.RefundsFailed, "failed")
	gauge(refundsDesc, s.RefundsUnknown, "unknown")
	gauge(verifactuDesc, s.VerifactuWaiting)
	gauge(stuckDesc, s.EmailsStuck, "emails")
	gauge(stuckDesc, s.RefundsStuck, "refunds")
	gauge(stuckDesc, s.VerifactuStuck, "verifactu")
}

// PrerenderCollector counts what the prerender cache did, once server
// started one (Watch); before, and in a shop that renders nothing, it
// sends nothing.
type PrerenderCollector struct {
	stats atomic.Pointer[func() prerender.Stats]
}

var (
	prerenderPagesDesc = prometheus.NewDesc("sabores_prerender_pages_total",
		"Public page requests by what the render cache had: hit (current), stale (out of date, sent and re-rendered), miss (none, the empty shell sent). The hit ratio is hit over all three.", []string{"outcome"}, nil)
	prerenderRendersDesc = prometheus.NewDesc("sabores_prerender_renders_total",
		"Renders by result: rendered, failed (an error or timeout, logged), dropped (the queue was full).", []string{"result"}, nil)
)

// Watch starts reporting stats.
func (p *PrerenderCollector) Watch(stats func() prerender.Stats) { p.stats.Store(&stats) }

// Describe sends the descriptions.
func (p *PrerenderCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- prerenderPagesDesc
	ch <- prerenderRendersDesc
}

// Collect reads the cache's counts.
func (p *PrerenderCollector) Collect(ch chan<- prometheus.Metric) {
	stats := p.stats.Load()
	if stats == nil {
		return
	}
	s := (*stats)()
	counter := func(d *prometheus.Desc, v uint64, label string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), label)
	}
	counter(prerenderPagesDesc, s.Hits, "hit")
	counter(prerenderPagesDesc, s.Stale, "stale")
	counter(prerenderPagesDesc, s.Misses, "miss")
	counter(prerenderRendersDesc, s.Rendered, "rendered")
	counter(prerenderRendersDesc, s.Failed, "failed")
	counter(prerenderRendersDesc, s.Dropped, "dropped")
}
