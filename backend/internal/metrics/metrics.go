// Package metrics exposes shopd's Prometheus metrics at /metrics: RPC calls
// and latency by procedure and code, database pool use, orders placed, and
// the Go runtime and process collectors.
package metrics

import (
	"context"
	"net/http"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/buildinfo"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Metrics is one registry per server, so tests running several servers in
// one process never collide on the global registry.
type Metrics struct {
	reg      *prometheus.Registry
	calls    *prometheus.CounterVec
	duration *prometheus.HistogramVec
	orders   prometheus.Counter
	redsys   *prometheus.CounterVec
	webhooks *prometheus.CounterVec
}

// New builds the registry with the runtime and process collectors.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sabores_rpc_calls_total",
			Help: "RPCs handled, by procedure and result code (ok or a Connect code).",
		}, []string{"procedure", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sabores_rpc_duration_seconds",
			Help:    "Time to handle an RPC, by procedure.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"procedure"}),
		orders: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sabores_orders_placed_total",
			Help: "PlaceOrder calls acknowledged to the client (an idempotent retry counts again).",
		}),
		redsys: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sabores_redsys_notifications_rejected_total",
			Help: "Redsys notifications rejected unverified, by reason (malformed, forged, rate_limited); nothing else of them is kept.",
		}, []string{"reason"}),
		webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sabores_carrier_webhooks_total",
			Help: "Tracking webhooks from the carrier platform, by outcome: applied (a parcel moved), unchanged (a repeat or a status the shop does not act on), ignored (another action), unknown_parcel, forged (bad signature), malformed, rate_limited; only applied ones change anything.",
		}, []string{"outcome"}),
	}
	for _, reason := range []string{"malformed", "forged", "rate_limited"} {
		m.redsys.WithLabelValues(reason)
	}
	bi := buildinfo.Get()
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "sabores_build_info",
		Help:        "Always 1; its labels say which shopd this is, so a dashboard shows which replicas an upgrade has reached.",
		ConstLabels: prometheus.Labels{"version": bi.Version, "commit": bi.Commit, "goversion": bi.GoVersion},
	})
	build.Set(1)
	m.reg.MustRegister(m.calls, m.duration, m.orders, m.redsys, m.webhooks, build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// RedsysNotificationRejected counts a Redsys notification rejected
// unverified (payment.Notifications.WithRejections).
func (m *Metrics) RedsysNotificationRejected(reason string) {
	m.redsys.WithLabelValues(reason).Inc()
}

// CarrierWebhook counts a carrier platform's webhook by its outcome
// (sendcloud.NewWebhook's count).
func (m *Metrics) CarrierWebhook(outcome string) {
	m.webhooks.WithLabelValues(outcome).Inc()
}

// CarrierWebhookOutcomes makes each outcome's series exist at zero.
func (m *Metrics) CarrierWebhookOutcomes(outcomes []string) {
	for _, o := range outcomes {
		m.webhooks.WithLabelValues(o)
	}
}

// Refused counts a call answered before its body was read (an anonymous
// call to an admin procedure, a busy upload), which the interceptor never
// sees, with the calls it handles.
func (m *Metrics) Refused(procedure string, err error) {
	m.calls.WithLabelValues(procedure, apperr.Outcome(err)).Inc()
}

// Register adds a collector, such as Pool's.
func (m *Metrics) Register(c prometheus.Collector) error { return m.reg.Register(c) }

func (m *Metrics) observe(procedure string, start time.Time, err error) {
	m.calls.WithLabelValues(procedure, apperr.Outcome(err)).Inc()
	m.duration.WithLabelValues(procedure).Observe(time.Since(start).Seconds())
	if err == nil && procedure == saboresv1connect.OrderServicePlaceOrderProcedure {
		m.orders.Inc()
	}
}

// CachedObserver returns what counts and times a successful call of one of
// procedures answered from a cache in front of the handlers, which the
// interceptor never sees. Each procedure's series are looked up once, here:
// a cached hit costs a few µs, and finding its series by label values
// (hashing them, under a lock) on every hit was a tenth of that.
func (m *Metrics) CachedObserver(procedures []string) func(procedure string, start time.Time) {
	type series struct {
		calls    prometheus.Counter
		duration prometheus.Observer
	}
	known := make(map[string]series, len(procedures))
	for _, p := range procedures {
		known[p] = series{m.calls.WithLabelValues(p, apperr.Outcome(nil)), m.duration.WithLabelValues(p)}
	}
	return func(procedure string, start time.Time) {
		s, ok := known[procedure]
		if !ok {
			m.observe(procedure, start, nil)
			return
		}
		s.calls.Inc()
		s.duration.Observe(time.Since(start).Seconds())
	}
}

// Interceptor counts and times every RPC. It belongs first in the chain
// (outside authorization and the error mapper) so it sees the code the
// client gets.
func (m *Metrics) Interceptor() connect.Interceptor { return interceptor{m} }

type interceptor struct{ m *Metrics }

// WrapUnary times unary RPCs.
func (i interceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient {
			return next(ctx, req)
		}
		start := time.Now()
		res, err := next(ctx, req)
		i.m.observe(req.Spec().Procedure, start, err)
		return res, err
	}
}

// WrapStreamingClient leaves clients alone: this is a server interceptor.
func (interceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

// WrapStreamingHandler times streaming RPCs such as reflection.
func (i interceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		start := time.Now()
		err := next(ctx, conn)
		i.m.observe(conn.Spec().Procedure, start, err)
		return err
	}
}

// Pool collects a pgxpool's statistics under the label pool=name.
func Pool(name string, pool *pgxpool.Pool) prometheus.Collector {
	return &poolCollector{pool: pool, labels: prometheus.Labels{"pool": name}}
}

type poolCollector struct {
	pool   *pgxpool.Pool
	labels prometheus.Labels
}

func (c *poolCollector) desc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc("sabores_db_pool_"+name, help, nil, c.labels)
}

// Describe sends nothing: the collector is unchecked, its descriptions are
// built on the fly from the pool name.
func (c *poolCollector) Describe(chan<- *prometheus.Desc) {}

// Collect reads pgxpool.Stat.
func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	gauge := func(name, help string, v float64) {
		ch <- prometheus.MustNewConstMetric(c.desc(name, help), prometheus.GaugeValue, v)
	}
	counter := func(name, help string, v float64) {
		ch <- prometheus.MustNewConstMetric(c.desc(name, help), prometheus.CounterValue, v)
	}
	gauge("max_conns", "Maximum connections of the pool.", float64(s.MaxConns()))
	gauge("total_conns", "Connections open.", float64(s.TotalConns()))
	gauge("acquired_conns", "Connections in use.", float64(s.AcquiredConns()))
	gauge("idle_conns", "Connections idle.", float64(s.IdleConns()))
	gauge("constructing_conns", "Connections being opened.", float64(s.ConstructingConns()))
	counter("acquires_total", "Connections acquired.", float64(s.AcquireCount()))
	counter("empty_acquires_total", "Acquires that had to wait for a connection.", float64(s.EmptyAcquireCount()))
	counter("canceled_acquires_total", "Acquires given up by their context.", float64(s.CanceledAcquireCount()))
	counter("acquire_wait_seconds_total", "Time spent waiting for a connection.", s.AcquireDuration().Seconds())
	counter("new_conns_total", "Connections opened.", float64(s.NewConnsCount()))
}

// ReadRoutes counts where catalogue statements ran when a read replica is
// configured (readroute): on the replica, on the primary (the replica
// behind the last change or not answering), and how many of the replica's
// first waited for its replay. stats reads the counts.
func ReadRoutes(stats func() (replica, primary, waited uint64)) prometheus.Collector {
	return readRoutes(stats)
}

type readRoutes func() (replica, primary, waited uint64)

var (
	readRouteDesc = prometheus.NewDesc("sabores_read_route_statements_total",
		"Catalogue statements by the database that ran them (replica or primary).", []string{"server"}, nil)
	readWaitDesc = prometheus.NewDesc("sabores_read_route_waited_total",
		"Catalogue statements that waited for the replica to replay the last change before running there.", nil, nil)
)

// Describe sends the two descriptions.
func (r readRoutes) Describe(ch chan<- *prometheus.Desc) {
	ch <- readRouteDesc
	ch <- readWaitDesc
}

// Collect reads the counts.
func (r readRoutes) Collect(ch chan<- prometheus.Metric) {
	replica, primary, waited := r()
	ch <- prometheus.MustNewConstMetric(readRouteDesc, prometheus.CounterValue, float64(replica), "replica")
	ch <- prometheus.MustNewConstMetric(readRouteDesc, prometheus.CounterValue, float64(primary), "primary")
	ch <- prometheus.MustNewConstMetric(readWaitDesc, prometheus.CounterValue, float64(waited))
}

// VerifactuCertificateExpiry is the gauge of when the certificate records
// are sent to the AEAT with expires (Unix seconds), for the alert that
// warns 30 days before (deploy/prometheus-alerts.yml): past it the AEAT
// refuses every message.
func VerifactuCertificateExpiry(notAfter time.Time) prometheus.Collector {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "sabores_verifactu_certificate_expiry_timestamp_seconds",
		Help: "When the certificate VeriFactu records are sent with expires, in Unix seconds.",
	})
	g.Set(float64(notAfter.Unix()))
	return g
}
