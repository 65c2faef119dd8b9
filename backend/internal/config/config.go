// Package config is the one place shopd's settings come from: a single table
// of options, each with its environment variable, its flag, a default and a
// description, so the README table, the flag help and the startup log can
// never disagree. Flags win over the environment, which wins over defaults.
// Secrets are redacted wherever the configuration is printed.
package config

// This file is long on purpose: it is the one table of every option
// (variable, flag, default, help, secret), which the README table, the
// flag help and the startup log all read; split, it could disagree.

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// The two environments shopd knows. Production turns off the built-in
// sign-in provider unless it is asked for explicitly.
const (
	EnvDevelopment = "development"
	EnvProduction  = "production"
)

// Config is the parsed configuration of shopd.
type Config struct {
	// Addr is the listen address of the HTTP server.
	Addr string
	// MetricsAddr, when set, is the only listener serving /metrics; empty
	// serves it on Addr, which production refuses unless PublicMetrics.
	MetricsAddr string
	// PublicMetrics allows /metrics on Addr in production.
	PublicMetrics bool
	// Reflection serves gRPC server reflection.
	Reflection bool
	// DatabaseURL is the PostgreSQL connection string; empty starts an
	// embedded cluster under DataDir.
	DatabaseURL string
	// ReadDatabaseURL is an optional replica for catalogue reads.
	ReadDatabaseURL string
	// DataDir holds local state, such as the embedded cluster in DataDir/postgres.
	DataDir string
	// DBMaxConns caps each connection pool.
	DBMaxConns int32
	// DBStatementTimeout bounds every SQL statement, so a slow query fails
	// instead of holding a connection forever.
	DBStatementTimeout time.Duration
	// MemoryLimitMiB is the Go runtime's soft memory limit in MiB; 0 sets none.
	MemoryLimitMiB int64
	// Env is EnvDevelopment or EnvProduction.
	Env string
	// PublicURL is the address browsers use: the base of OIDC redirects and
	// the first allowed origin. Unset, it is derived from Addr.
	PublicURL string
	// AllowedOrigins are extra origins accepted by CORS and CSRF checks.
	AllowedOrigins []string
	// TrustedProxies are the addresses whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// LogLevel is the minimum level logged.
	LogLevel slog.Level
	// LogFormat is "text" or "json".
	LogFormat string
	// SeedOnEmpty loads the sample catalogue when the database has no products.
	SeedOnEmpty bool
	// OrderMaxUnitsPerLine caps the units of one product in one order.
	OrderMaxUnitsPerLine int32
	// OrderMaxUnpaid caps a shopper's orders awaiting payment.
	OrderMaxUnpaid int64
	// OrderTransferSharePercent caps the share of a product's stock unpaid
	// transfer and cash orders may hold together.
	OrderTransferSharePercent int
	// OrderMaxUnitsPerDay caps the units one shopper orders in 24 hours.
	OrderMaxUnitsPerDay int64
	// PaymentWindowCard is how long a card (or Bizum) order waits for its payment.
	PaymentWindowCard time.Duration
	// PaymentWindowTransfer is how long a transfer order waits for its payment.
	PaymentWindowTransfer time.Duration
	// CartIdle is how long a signed-in shopper's cart stays untouched
	// before it is abandoned (and its one reminder sent, with consent).
	CartIdle time.Duration
	// SMTPHost, SMTPPort, SMTPUsername, SMTPPassword and SMTPTLS are the
	// server transactional e-mail goes through.
	SMTPHost     string
	SMTPPort     int
	SMTPUsername string
	SMTPPassword string
	SMTPTLS      string
	// MailFrom and MailReplyTo are the shop's addresses on its e-mails.
	MailFrom    string
	MailReplyTo string
	// GoogleIssuer is the OpenID issuer of Google sign-in.
	GoogleIssuer string
	// GoogleClientID is the OAuth client of Google sign-in; empty disables it.
	GoogleClientID string
	// GoogleClientSecret is the OAuth client secret of Google sign-in.
	GoogleClientSecret string
	// SignInSecret seals the sign-in flow's cookie; empty keeps one in the
	// database.
	SignInSecret string
	// DevSignIn enables the built-in OpenID provider with the seeded users.
	DevSignIn bool
	// AdminEmails are granted the admin role when they sign in.
	AdminEmails []string
	// SessionTTL is how long a sign-in session lasts without use.
	SessionTTL time.Duration
	// SessionMaxAge is how long a session lasts from sign-in, however used.
	SessionMaxAge time.Duration
	// AdminSessionMaxAge is SessionMaxAge for admins.
	AdminSessionMaxAge time.Duration
	// APIKeyMaxTTL is the longest an API key may live from its creation.
	APIKeyMaxTTL time.Duration
	// ShutdownTimeout bounds graceful shutdown.
	ShutdownTimeout time.Duration
	// HTTPIdleTimeout closes keep-alive connections idle that long.
	HTTPIdleTimeout time.Duration
	// MaxConnections and MaxConnectionsPerClient bound the connections held
	// at once, in all and per client address (0: no cap per client).
	MaxConnections          int
	MaxConnectionsPerClient int
	// LargeRequestsAtOnce and LargeRequestWait bound the large uploads
	// handled at a time and how long another waits for its turn.
	LargeRequestsAtOnce int
	LargeRequestWait    time.Duration
	// NewsletterPerMinute is how many newsletter e-mails a campaign sends
	// a minute at most.
	NewsletterPerMinute int
	// SignInPerMinute is how many sign-in requests one client address may
	// make a minute.
	SignInPerMinute int
	// RedsysMerchantCode, RedsysTerminal and RedsysSecretKey are the Redsys
	// terminal taking card and Bizum payments; an empty secret offers
	// neither (unless the development gateway stands in).
	RedsysMerchantCode string
	RedsysTerminal     string
	RedsysSecretKey    string
	// RedsysEnvironment is RedsysTest or RedsysLive.
	RedsysEnvironment string
	// RedsysAllowTestInProduction lets production use Redsys's test
	// environment and public test terminal (Refusals).
	RedsysAllowTestInProduction bool
	// RedsysSignatureVersion is the scheme requests to Redsys are signed
	// with, the one the terminal is configured for.
	RedsysSignatureVersion string
	// PaymentMethods are the methods the shop offers, of PaymentMethodNames.
	PaymentMethods []string
	// DevRedsys serves the development payment gateway under /dev-redsys/
	// and sends card and Bizum payments there.
	DevRedsys bool
	// CashSurchargeCents is added to orders paid on delivery, at most
	// MaxCashSurchargeCents.
	CashSurchargeCents int64
	// Law holds the options of the consumer-law features (law.go).
	Law
	// Labels holds the options of shipping labels (labels.go).
	Labels
	// Verifactu holds the options of sending records to the AEAT (verifactu.go).
	Verifactu
}

// Option is one row of the configuration table.
type Option struct {
	// Env is the environment variable, e.g. DATABASE_URL.
	Env string
	// Flag is the command-line flag without dashes, e.g. database-url.
	Flag string
	// Default is the value used when neither flag nor variable is set.
	Default string
	// Description says what the option does, for flag help and the README.
	Description string
	// Secret options are never printed.
	Secret bool

	// credentials marks connection strings whose password is hidden.
	credentials bool
	// binary values are taken byte for byte, never trimmed: a _FILE may
	// hold a binary file (a PKCS#12 certificate).
	binary bool
	set    func(c *Config, value string) error
	get    func(c *Config) string
}

// Redact returns value as it may be printed: secrets become "[redacted]"
// and passwords inside connection strings are masked.
func (o Option) Redact(value string) string {
	switch {
	case value == "":
		return ""
	case o.Secret:
		return "[redacted]"
	case o.credentials:
		return redactDSN(value)
	}
	return value
}

// Value returns the option's value in c as it may be printed (redacted).
func (o Option) Value(c *Config) string { return o.Redact(o.get(c)) }

// autoValue is the default of switches that depend on the environment
// (DEV_SIGNIN, REFLECTION).
const autoValue = "auto"

// options is the configuration table. Order is the README's order.
var options = []Option{
	{
		Env: "ADDR", Flag: "addr", Default: "localhost:8080",
		Description: "Listen address of the HTTP server (Connect, gRPC, gRPC-Web and the web app on one port).",
		set:         func(c *Config, v string) error { c.Addr = v; return nil },
		get:         func(c *Config) string { return c.Addr },
	},
	{
		Env: "METRICS_ADDR", Flag: "metrics-addr",
		Description: "Listen address serving only `/metrics` (Prometheus), e.g. `127.0.0.1:9090`; ADDR then answers 404 for `/metrics`. Empty serves `/metrics` on ADDR, which production refuses unless PUBLIC_METRICS is true.",
		set:         func(c *Config, v string) error { c.MetricsAddr = v; return nil },
		get:         func(c *Config) string { return c.MetricsAddr },
	},
	{
		Env: "PUBLIC_METRICS", Flag: "public-metrics", Default: "false",
		Description: "In production, serve `/metrics` on ADDR, where anyone who reaches the shop can read it, when METRICS_ADDR is empty. Without it production refuses to start with no METRICS_ADDR.",
		set:         func(c *Config, v string) error { return setBool(&c.PublicMetrics, v) },
		get:         func(c *Config) string { return strconv.FormatBool(c.PublicMetrics) },
	},
	{
		Env: "DATABASE_URL", Flag: "database-url", credentials: true,
		Description: "PostgreSQL connection string. Empty starts an embedded PostgreSQL cluster in DATA_DIR/postgres.",
		set:         func(c *Config, v string) error { c.DatabaseURL = v; return nil },
		get:         func(c *Config) string { return c.DatabaseURL },
	},
	{
		Env: "READ_DATABASE_URL", Flag: "read-database-url", credentials: true,
		Description: "Optional streaming read replica (a hot standby of DATABASE_URL) for catalogue reads. Empty uses DATABASE_URL. After a catalogue change a read goes to the replica only once it has replayed past the change (up to 50 ms of waiting), else to the primary; a server that is not a standby gets none.",
		set:         func(c *Config, v string) error { c.ReadDatabaseURL = v; return nil },
		get:         func(c *Config) string { return c.ReadDatabaseURL },
	},
	{
		Env: "DATA_DIR", Flag: "data-dir", Default: ".data",
		Description: "Folder for local state; the embedded cluster lives in DATA_DIR/postgres.",
		set:         func(c *Config, v string) error { c.DataDir = v; return nil },
		get:         func(c *Config) string { return c.DataDir },
	},
	{
		Env: "DB_MAX_CONNS", Flag: "db-max-conns", Default: "8",
		Description: "Maximum connections of each database pool: shopd serve opens one for writes and one for the catalogue's reads on DATABASE_URL (so a product page never waits behind checkouts for a connection), and one on READ_DATABASE_URL when set. About four per core of the database server: on 2 cores 8 served as many orders and back-office reads as 32 at a third to half of the p99, as backends beyond the cores only queue for them (bench/README.md); keep replicas × pools × this under PostgreSQL's max_connections.",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 32)
			if err != nil || n < 1 {
				return errors.New("want a positive integer")
			}
			c.DBMaxConns = int32(n)
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(int(c.DBMaxConns)) },
	},
	{
		Env: "DB_STATEMENT_TIMEOUT", Flag: "db-statement-timeout", Default: "5s",
		Description: "Longest time one SQL statement may run before PostgreSQL cancels it.",
		set:         func(c *Config, v string) error { return setDuration(&c.DBStatementTimeout, v) },
		get:         func(c *Config) string { return c.DBStatementTimeout.String() },
	},
	{
		Env: "MEMORY_LIMIT_MIB", Flag: "memory-limit-mib", Default: "64",
		Description: "Soft memory limit of the Go runtime in MiB (as GOMEMLIMIT, which wins when set): the collector works harder near it instead of letting the heap double. `0` sets none. 64 held shopd's resident memory under 100 MB in ./task bench; while pages render, each live renderer adds 96 MiB, as a render under 64 spent most of its time collecting.",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return errors.New("want a whole number of MiB, 0 for none")
			}
			c.MemoryLimitMiB = n
			return nil
		},
		get: func(c *Config) string { return strconv.FormatInt(c.MemoryLimitMiB, 10) },
	},
	{
		Env: "ENV", Flag: "env", Default: EnvDevelopment,
		Description: "`development` or `production`. Production refuses to start with unsafe settings (development sign-in, payments or carrier, no https PUBLIC_URL, no sign-in method, Redsys's test terminal, the mail catcher, secrets left to the database): `shopd check` lists them.",
		set: func(c *Config, v string) error {
			if v != EnvDevelopment && v != EnvProduction {
				return fmt.Errorf("want %q or %q", EnvDevelopment, EnvProduction)
			}
			c.Env = v
			return nil
		},
		get: func(c *Config) string { return c.Env },
	},
	{
		Env: "PUBLIC_URL", Flag: "public-url",
		Description: "Address browsers use: base of sign-in redirects and the first allowed origin. Empty derives it from ADDR (`:9000` is `http://localhost:9000`).",
		set: func(c *Config, v string) error {
			if v == "" {
				v = publicURLFromAddr(c.Addr)
			}
			u, err := url.Parse(v)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return errors.New("want an absolute http(s) URL")
			}
			c.PublicURL = strings.TrimSuffix(v, "/")
			return nil
		},
		get: func(c *Config) string { return c.PublicURL },
	},
	{
		Env: "ALLOWED_ORIGINS", Flag: "allowed-origins",
		Description: "Extra origins (comma-separated) allowed by CORS and CSRF checks, e.g. the Vite dev server.",
		set: func(c *Config, v string) error {
			c.AllowedOrigins = splitList(v)
			for _, o := range c.AllowedOrigins {
				if u, err := url.Parse(o); err != nil || u.Host == "" || u.Path != "" {
					return fmt.Errorf("%q is not an origin like http://localhost:5173", o)
				}
			}
			return nil
		},
		get: func(c *Config) string { return strings.Join(c.AllowedOrigins, ",") },
	},
	{
		Env: "REFLECTION", Flag: "reflection", Default: autoValue,
		Description: "Serve gRPC server reflection, which lists every service and message to anyone who asks. `auto` is on in development, off in production.",
		set: func(c *Config, v string) error {
			if v == autoValue {
				c.Reflection = c.Env == EnvDevelopment
				return nil
			}
			return setBool(&c.Reflection, v)
		},
		get: func(c *Config) string { return strconv.FormatBool(c.Reflection) },
	},
	{
		Env: "TRUSTED_PROXIES", Flag: "trusted-proxies",
		Description: "Addresses or CIDR ranges (comma-separated) of your own load balancers, e.g. `10.0.0.0/8`: only from them is `X-Forwarded-For` believed to find the client's address for rate limits. Empty trusts no one: the peer's address counts.",
		set: func(c *Config, v string) error {
			c.TrustedProxies = nil
			for _, s := range splitList(v) {
				p, err := netip.ParsePrefix(s)
				if err != nil {
					a, aerr := netip.ParseAddr(s)
					if aerr != nil {
						return fmt.Errorf("%q is not an address or CIDR range", s)
					}
					p = netip.PrefixFrom(a, a.BitLen())
				}
				c.TrustedProxies = append(c.TrustedProxies, p.Masked())
			}
			return nil
		},
		get: func(c *Config) string {
			out := make([]string, len(c.TrustedProxies))
			for i, p := range c.TrustedProxies {
				out[i] = p.String()
			}
			return strings.Join(out, ",")
		},
	},
	{
		Env: "LOG_LEVEL", Flag: "log-level", Default: "info",
		Description: "`debug`, `info`, `warn` or `error`.",
		set:         func(c *Config, v string) error { return c.LogLevel.UnmarshalText([]byte(v)) },
		get:         func(c *Config) string { return strings.ToLower(c.LogLevel.String()) },
	},
	{
		Env: "LOG_FORMAT", Flag: "log-format", Default: "text",
		Description: "`text` or `json`.",
		set: func(c *Config, v string) error {
			if v != "text" && v != "json" {
				return errors.New(`want "text" or "json"`)
			}
			c.LogFormat = v
			return nil
		},
		get: func(c *Config) string { return c.LogFormat },
	},
	{
		Env: "SEED_ON_EMPTY", Flag: "seed-on-empty", Default: autoValue,
		Description: "Load the sample catalogue, customers, orders and shop details when the database has no products. `auto` does in development only: a production shop never starts with sample data (its sample legal identity and IBAN on real orders and invoices).",
		set: func(c *Config, v string) error {
			if v == autoValue {
				c.SeedOnEmpty = c.Env == EnvDevelopment
				return nil
			}
			return setBool(&c.SeedOnEmpty, v)
		},
		get: func(c *Config) string { return strconv.FormatBool(c.SeedOnEmpty) },
	},
	{
		Env: "ORDER_MAX_UNITS_PER_LINE", Flag: "order-max-units-per-line", Default: "24",
		Description: "Most units of one product in one order (FailedPrecondition `LINE_QUANTITY_LIMIT` above it).",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 32)
			if err != nil || n < 1 {
				return errors.New("want a positive integer")
			}
			c.OrderMaxUnitsPerLine = int32(n)
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(int(c.OrderMaxUnitsPerLine)) },
	},
	{
		Env: "ORDER_MAX_UNPAID", Flag: "order-max-unpaid", Default: "3",
		Description: "Most orders one shopper may have holding stock unpaid: awaiting a card, Bizum or transfer payment, or cash on delivery not yet delivered (ResourceExhausted `TOO_MANY_UNPAID_ORDERS` beyond).",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return errors.New("want a positive integer")
			}
			c.OrderMaxUnpaid = n
			return nil
		},
		get: func(c *Config) string { return strconv.FormatInt(c.OrderMaxUnpaid, 10) },
	},
	{
		Env: "ORDER_MAX_UNITS_PER_DAY", Flag: "order-max-units-per-day", Default: "60",
		Description: "Most units one shopper may order in 24 hours, cancelled orders aside (`DAILY_UNITS_LIMIT` beyond): a household's shopping, not a reseller's; a shopper who needs more calls the shop.",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 || n > 100_000 {
				return errors.New("want a number from 1 to 100000")
			}
			c.OrderMaxUnitsPerDay = n
			return nil
		},
		get: func(c *Config) string { return strconv.FormatInt(c.OrderMaxUnitsPerDay, 10) },
	},
	{
		Env: "ORDER_TRANSFER_SHARE_PERCENT", Flag: "order-transfer-share-percent", Default: "25",
		Description: "Most of a product's stock, in percent (at least one unit), that unpaid transfer and cash-on-delivery orders of all shoppers may hold at once (FailedPrecondition `TRANSFER_SHARE_LIMIT`).",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 100 {
				return errors.New("want a percentage from 1 to 100")
			}
			c.OrderTransferSharePercent = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.OrderTransferSharePercent) },
	},
	{
		Env: "PAYMENT_WINDOW_CARD", Flag: "payment-window-card", Default: "30m",
		Description: "How long a card or Bizum order waits for its payment before it is cancelled and its stock goes back on sale.",
		set:         func(c *Config, v string) error { return setDuration(&c.PaymentWindowCard, v) },
		get:         func(c *Config) string { return c.PaymentWindowCard.String() },
	},
	{
		Env: "CART_IDLE", Flag: "cart-idle", Default: "24h",
		Description: "How long a signed-in shopper's cart stays untouched before it counts as abandoned; a shopper subscribed to the newsletter then gets one reminder per cart.",
		set:         func(c *Config, v string) error { return setDuration(&c.CartIdle, v) },
		get:         func(c *Config) string { return c.CartIdle.String() },
	},
	{
		Env: "PAYMENT_WINDOW_TRANSFER", Flag: "payment-window-transfer", Default: "72h",
		Description: "How long a bank-transfer order waits for its payment before it is cancelled and its stock goes back on sale.",
		set:         func(c *Config, v string) error { return setDuration(&c.PaymentWindowTransfer, v) },
		get:         func(c *Config) string { return c.PaymentWindowTransfer.String() },
	},
	{
		Env: "SMTP_HOST", Flag: "smtp-host", Default: "localhost",
		Description: "SMTP server of the shop's e-mails (order received, paid, shipped, cancelled). The default is the development catcher `./task mail` starts (Mailpit, its inbox at http://localhost:8025); e-mails wait in the job queue, retried, while no server answers.",
		set:         func(c *Config, v string) error { c.SMTPHost = v; return nil },
		get:         func(c *Config) string { return c.SMTPHost },
	},
	{
		Env: "SMTP_PORT", Flag: "smtp-port", Default: "1025",
		Description: "Port of SMTP_HOST (587 for STARTTLS, 465 for TLS at most providers).",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 65535 {
				return errors.New("want a port number")
			}
			c.SMTPPort = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.SMTPPort) },
	},
	{
		Env: "SMTP_USERNAME", Flag: "smtp-username",
		Description: "SMTP user name; empty sends without authentication.",
		set:         func(c *Config, v string) error { c.SMTPUsername = v; return nil },
		get:         func(c *Config) string { return c.SMTPUsername },
	},
	{
		Env: "SMTP_PASSWORD", Flag: "smtp-password", Secret: true,
		Description: "SMTP password. Never logged.",
		set:         func(c *Config, v string) error { c.SMTPPassword = v; return nil },
		get:         func(c *Config) string { return c.SMTPPassword },
	},
	{
		Env: "SMTP_TLS", Flag: "smtp-tls", Default: "none",
		Description: "`none` (a local catcher only), `starttls` (required) or `tls` (implicit).",
		set: func(c *Config, v string) error {
			if v != "none" && v != "starttls" && v != "tls" {
				return errors.New(`want "none", "starttls" or "tls"`)
			}
			c.SMTPTLS = v
			return nil
		},
		get: func(c *Config) string { return c.SMTPTLS },
	},
	{
		Env: "MAIL_FROM", Flag: "mail-from", Default: "Sabores <pedidos@sabores.local>",
		Description: "Sender of the shop's e-mails; its domain names their Message-IDs.",
		set:         func(c *Config, v string) error { c.MailFrom = v; return nil },
		get:         func(c *Config) string { return c.MailFrom },
	},
	{
		Env: "MAIL_REPLY_TO", Flag: "mail-reply-to",
		Description: "Reply-To of the shop's e-mails, where shoppers' answers go; empty answers the sender.",
		set:         func(c *Config, v string) error { c.MailReplyTo = v; return nil },
		get:         func(c *Config) string { return c.MailReplyTo },
	},
	{
		Env: "GOOGLE_ISSUER", Flag: "google-issuer", Default: "https://accounts.google.com",
		Description: "OpenID issuer of Google sign-in.",
		set:         func(c *Config, v string) error { c.GoogleIssuer = v; return nil },
		get:         func(c *Config) string { return c.GoogleIssuer },
	},
	{
		Env: "GOOGLE_CLIENT_ID", Flag: "google-client-id",
		Description: "OAuth client id of Google sign-in. Empty disables Google sign-in.",
		set:         func(c *Config, v string) error { c.GoogleClientID = v; return nil },
		get:         func(c *Config) string { return c.GoogleClientID },
	},
	{
		Env: "GOOGLE_CLIENT_SECRET", Flag: "google-client-secret", Secret: true,
		Description: "OAuth client secret of Google sign-in. Never logged.",
		set:         func(c *Config, v string) error { c.GoogleClientSecret = v; return nil },
		get:         func(c *Config) string { return c.GoogleClientSecret },
	},
	{
		Env: "SIGNIN_SECRET", Flag: "signin-secret", Secret: true,
		Description: "Secret (at least 32 characters) sealing the sign-in flow's cookie. Never logged. Empty: a random secret made once and kept in the database, shared by every replica, which production refuses (a backup would let its holder forge the cookie).",
		set: func(c *Config, v string) error {
			if v != "" && len(v) < 32 {
				return errors.New("want at least 32 characters")
			}
			c.SignInSecret = v
			return nil
		},
		get: func(c *Config) string { return c.SignInSecret },
	},
	{
		Env: "DEV_SIGNIN", Flag: "dev-signin", Default: autoValue,
		Description: "Built-in OpenID provider letting anyone sign in as anyone, admins included: development only. `auto` turns it on only in development with ADDR and PUBLIC_URL both on loopback (localhost, 127.0.0.0/8, ::1; `:9000` is every address) and no Google client; `true` forces it on. Keeps its state in memory: one replica only, or its sign-in pages stuck to one replica behind a load balancer (docs/deployment.md).",
		set: func(c *Config, v string) error {
			if v == autoValue {
				c.DevSignIn = devSignInByDefault(c)
				return nil
			}
			return setBool(&c.DevSignIn, v)
		},
		get: func(c *Config) string { return strconv.FormatBool(c.DevSignIn) },
	},
	{
		Env: "ADMIN_EMAILS", Flag: "admin-emails",
		Description: "Emails (comma-separated) granted the admin role when they sign in.",
		set: func(c *Config, v string) error {
			c.AdminEmails = splitList(strings.ToLower(v))
			return nil
		},
		get: func(c *Config) string { return strings.Join(c.AdminEmails, ",") },
	},
	{
		Env: "SESSION_TTL", Flag: "session-ttl", Default: "720h",
		Description: "How long a sign-in session lasts without use; each use extends it, up to SESSION_MAX_AGE.",
		set:         func(c *Config, v string) error { return setDuration(&c.SessionTTL, v) },
		get:         func(c *Config) string { return c.SessionTTL.String() },
	},
	{
		Env: "SESSION_MAX_AGE", Flag: "session-max-age", Default: "2160h",
		Description: "Absolute lifetime of a session from sign-in (90 days), however often it is used: then the person signs in again.",
		set:         func(c *Config, v string) error { return setDuration(&c.SessionMaxAge, v) },
		get:         func(c *Config) string { return c.SessionMaxAge.String() },
	},
	{
		Env: "ADMIN_SESSION_MAX_AGE", Flag: "admin-session-max-age", Default: "12h",
		Description: "Absolute lifetime of an admin's session, shorter because a stolen admin cookie can do far more.",
		set:         func(c *Config, v string) error { return setDuration(&c.AdminSessionMaxAge, v) },
		get:         func(c *Config) string { return c.AdminSessionMaxAge.String() },
	},
	{
		Env: "API_KEY_MAX_TTL", Flag: "api-key-max-ttl", Default: "2160h",
		Description: "Longest life of an API key from its creation (90 days): every key has an expiry, at most this far away. 24h to 8760h (365 days).",
		set: func(c *Config, v string) error {
			if err := setDuration(&c.APIKeyMaxTTL, v); err != nil {
				return err
			}
			if c.APIKeyMaxTTL < 24*time.Hour || c.APIKeyMaxTTL > 8760*time.Hour {
				return errors.New("want a duration from 24h to 8760h")
			}
			return nil
		},
		get: func(c *Config) string { return c.APIKeyMaxTTL.String() },
	},
	{
		Env: "SHUTDOWN_TIMEOUT", Flag: "shutdown-timeout", Default: "8s",
		Description: "How long shutdown waits for requests in flight.",
		set:         func(c *Config, v string) error { return setDuration(&c.ShutdownTimeout, v) },
		get:         func(c *Config) string { return c.ShutdownTimeout.String() },
	},
	{
		Env: "HTTP_IDLE_TIMEOUT", Flag: "http-idle-timeout", Default: "15s",
		Description: "How long a keep-alive connection may wait idle for its next request before shopd closes it: each one holds a place of MAX_CONNECTIONS while it waits. 1s to 2m.",
		set: func(c *Config, v string) error {
			if err := setDuration(&c.HTTPIdleTimeout, v); err != nil {
				return err
			}
			if c.HTTPIdleTimeout < time.Second || c.HTTPIdleTimeout > 2*time.Minute {
				return errors.New("want a duration from 1s to 2m")
			}
			return nil
		},
		get: func(c *Config) string { return c.HTTPIdleTimeout.String() },
	},
	{
		Env: "MAX_CONNECTIONS", Flag: "max-connections", Default: "4096",
		Description: "Most connections shopd holds open at once. Near it (90 %), each new connection closes the one idle the longest; at it, new ones wait to be accepted. 16 to 1000000; keep it under the process's open-file limit.",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 16 || n > 1_000_000 {
				return errors.New("want a number from 16 to 1000000")
			}
			c.MaxConnections = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.MaxConnections) },
	},
	{
		Env: "MAX_CONNECTIONS_PER_CLIENT", Flag: "max-connections-per-client", Default: "64",
		Description: "Most connections one client address may hold (a browser opens at most 6, or 1 over HTTP/2; many phones can share an address); beyond it that client's longest idle connection is closed, or the new one when none is idle. TRUSTED_PROXIES and this machine's own addresses (a local proxy) are not capped. `0` sets no cap.",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return errors.New("want a number, 0 for no cap")
			}
			c.MaxConnectionsPerClient = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.MaxConnectionsPerClient) },
	},
	{
		Env: "LARGE_REQUESTS_AT_ONCE", Flag: "large-requests-at-once", Default: "2",
		Description: "How many large requests (picture uploads, catalogue imports: tens of megabytes each while decoded) shopd handles at a time; others wait LARGE_REQUEST_WAIT. 1 to 16.",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 16 {
				return errors.New("want a number from 1 to 16")
			}
			c.LargeRequestsAtOnce = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.LargeRequestsAtOnce) },
	},
	{
		Env: "NEWSLETTER_PER_MINUTE", Flag: "newsletter-per-minute", Default: "60",
		Description: "How many newsletter e-mails a campaign sends a minute at most, spread evenly (each recipient's job scheduled in turn): keep it under the mail provider's sending limit. 1 to 6000.",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 6000 {
				return errors.New("want a number from 1 to 6000")
			}
			c.NewsletterPerMinute = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.NewsletterPerMinute) },
	},
	{
		Env: "SIGNIN_PER_MINUTE", Flag: "signin-per-minute", Default: "30",
		Description: "How many sign-in requests one client address may make a minute (a sign-in takes two or three; 429 with Retry-After beyond), counted in the database across replicas. Raise it where many people share one address (an office behind one router). 1 to 10000.",
		set: func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 10_000 {
				return errors.New("want a number from 1 to 10000")
			}
			c.SignInPerMinute = n
			return nil
		},
		get: func(c *Config) string { return strconv.Itoa(c.SignInPerMinute) },
	},
	{
		Env: "LARGE_REQUEST_WAIT", Flag: "large-request-wait", Default: "5s",
		Description: "How long a large request waits for its turn before it is answered ResourceExhausted (`UPLOADS_BUSY`: the back office asks to try again). 0s to 1m.",
		set: func(c *Config, v string) error {
			if err := setDuration(&c.LargeRequestWait, v); err != nil {
				return err
			}
			if c.LargeRequestWait < 0 || c.LargeRequestWait > time.Minute {
				return errors.New("want a duration from 0s to 1m")
			}
			return nil
		},
		get: func(c *Config) string { return c.LargeRequestWait.String() },
	},
	{
		Env: "REDSYS_MERCHANT_CODE", Flag: "redsys-merchant-code",
		Description: "Merchant code (FUC, up to 9 digits) of the Redsys terminal taking card and Bizum payments.",
		set:         func(c *Config, v string) error { c.RedsysMerchantCode = v; return nil },
		get:         func(c *Config) string { return c.RedsysMerchantCode },
	},
	{
		Env: "REDSYS_TERMINAL", Flag: "redsys-terminal", Default: "1",
		Description: "Terminal number (up to 3 digits) of that Redsys terminal.",
		set:         func(c *Config, v string) error { c.RedsysTerminal = v; return nil },
		get:         func(c *Config) string { return c.RedsysTerminal },
	},
	{
		Env: "REDSYS_SECRET_KEY", Flag: "redsys-secret-key", Secret: true,
		Description: "Secret key of that terminal (Base64, as Redsys's administration module shows it). Never logged. Empty: card and Bizum are not offered, unless DEV_REDSYS stands in.",
		set:         func(c *Config, v string) error { c.RedsysSecretKey = v; return nil },
		get:         func(c *Config) string { return c.RedsysSecretKey },
	},
	{
		Env: "REDSYS_ENVIRONMENT", Flag: "redsys-environment", Default: RedsysTest,
		Description: "`test` (payments go to `https://sis-t.redsys.es:25443/sis/realizarPago`, refunds to `https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST`) or `live` (`https://sis.redsys.es/sis/realizarPago`, `https://sis.redsys.es/sis/rest/trataPeticionREST`).",
		set: func(c *Config, v string) error {
			if v != RedsysTest && v != RedsysLive {
				return fmt.Errorf("want %q or %q", RedsysTest, RedsysLive)
			}
			c.RedsysEnvironment = v
			return nil
		},
		get: func(c *Config) string { return c.RedsysEnvironment },
	},
	{
		Env: "REDSYS_ALLOW_TEST_IN_PRODUCTION", Flag: "redsys-allow-test-in-production", Default: "false",
		Description: "Let a production shop use Redsys's test environment, its public test merchant or key, for a rehearsal before going live: no money reaches the shop, and anyone can sign a notification with the published key. Production refuses them otherwise.",
		set:         func(c *Config, v string) error { return setBool(&c.RedsysAllowTestInProduction, v) },
		get:         func(c *Config) string { return strconv.FormatBool(c.RedsysAllowTestInProduction) },
	},
	{
		Env: "REDSYS_SIGNATURE_VERSION", Flag: "redsys-signature-version", Default: defaultRedsysSignature,
		Description: "Signature the terminal is configured for: `HMAC_SHA256_V1` or `HMAC_SHA512_V2`. Payment forms and refunds are signed with it (the development gateway answers in it too); notifications are verified in whichever of the two they name.",
		set:         setRedsysSignatureVersion,
		get:         func(c *Config) string { return c.RedsysSignatureVersion },
	},
	{
		Env: "PAYMENT_METHODS", Flag: "payment-methods", Default: "card,bizum,transfer,cash",
		Description: "Payment methods offered (comma-separated): `card` and `bizum` through Redsys (only with a terminal or DEV_REDSYS), `transfer` (only once the IBAN is saved in the back office's shop settings, which also give the beneficiary), `cash` on delivery.",
		set: func(c *Config, v string) error {
			c.PaymentMethods = splitList(strings.ToLower(v))
			return checkPaymentMethods(c.PaymentMethods)
		},
		get: func(c *Config) string { return strings.Join(c.PaymentMethods, ",") },
	},
	{
		Env: "DEV_REDSYS", Flag: "dev-redsys", Default: devRedsysAuto,
		Description: "Development payment gateway under `/dev-redsys/`: speaks Redsys's protocol with its public test key and lets the developer approve, deny or abandon each payment. `auto` turns it on only in development with no REDSYS_SECRET_KEY and ADDR and PUBLIC_URL both on loopback (localhost, 127.0.0.0/8, ::1); `true` forces it on, never in production.",
		set: func(c *Config, v string) error {
			if v == devRedsysAuto {
				c.DevRedsys = devRedsysByDefault(c)
				return nil
			}
			return setBool(&c.DevRedsys, v)
		},
		get: func(c *Config) string { return strconv.FormatBool(c.DevRedsys) },
	},
	{
		Env: "CASH_ON_DELIVERY_SURCHARGE_CENTS", Flag: "cash-on-delivery-surcharge-cents", Default: "0",
		Description: "Surcharge in euro cents (VAT included) added to orders paid cash on delivery, shown in the payment step before ordering and invoiced as its own line. Never above what the carrier really charges the shop for collecting (consumer law forbids profiting from a payment method); at most 1000.",
		set: func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > MaxCashSurchargeCents {
				return fmt.Errorf("want whole cents from 0 to %d", MaxCashSurchargeCents)
			}
			c.CashSurchargeCents = n
			return nil
		},
		get: func(c *Config) string { return strconv.FormatInt(c.CashSurchargeCents, 10) },
	},
}

// Options returns the configuration table, for documentation.
func Options() []Option { return append([]Option(nil), options...) }

// Flags binds every option to a flag set, so subcommands can add flags of
// their own to the same set before parsing.
type Flags struct {
	fs     *flag.FlagSet
	values []*string
}

// BindFlags registers one string flag per option on fs.
func BindFlags(fs *flag.FlagSet) *Flags {
	f := &Flags{fs: fs, values: make([]*string, len(options))}
	for i, o := range options {
		usage := o.Description + " (env " + o.Env + ")"
		f.values[i] = fs.String(o.Flag, o.Default, usage)
	}
	return f
}

// Load resolves the configuration after fs.Parse: a flag given on the
// command line wins, then the environment variable (looked up with
// lookupEnv, os.LookupEnv in production), then the default.
func (f *Flags) Load(lookupEnv func(string) (string, bool)) (*Config, error) {
	given := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	raw := make(map[string]string, len(options))
	var errs []error
	for i, o := range options {
		v := o.Default
		env, set := lookupEnv(o.Env)
		if set {
			v = env
		}
		// NAME_FILE: a secret mounted as a file (systemd credentials,
		// Docker and Kubernetes secrets) never sits in the environment.
		if path, ok := lookupEnv(o.Env + "_FILE"); ok && path != "" {
			content, err := os.ReadFile(path)
			switch {
			case set:
				errs = append(errs, fmt.Errorf("%s and %s_FILE are both set: keep one", o.Env, o.Env))
			case err != nil:
				errs = append(errs, fmt.Errorf("%s_FILE: %w", o.Env, err))
			case o.binary:
				v = string(content)
			default:
				v = strings.TrimRight(string(content), "\r\n")
			}
		}
		if given[o.Flag] {
			v = *f.values[i]
		}
		raw[o.Env] = v
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return build(raw)
}

// build applies raw values in table order, so ENV is known before DEV_SIGNIN.
func build(raw map[string]string) (*Config, error) {
	c := &Config{}
	var errs []error
	for _, o := range options {
		v := raw[o.Env]
		if !o.binary {
			v = strings.TrimSpace(v)
		}
		if err := o.set(c, v); err != nil {
			errs = append(errs, fmt.Errorf("%s (-%s) = %q: %w", o.Env, o.Flag, o.Redact(raw[o.Env]), err))
		}
	}
	if c.Env == EnvProduction && c.MetricsAddr == "" && !c.PublicMetrics {
		errs = append(errs, errors.New("ENV=production serves /metrics only on METRICS_ADDR: set it (e.g. 127.0.0.1:9090), or PUBLIC_METRICS=true to serve it on ADDR"))
	}
	// Port 0 picks a free port for each listener, so equal addresses differ.
	if c.MetricsAddr != "" && c.MetricsAddr == c.Addr && !strings.HasSuffix(c.Addr, ":0") {
		errs = append(errs, errors.New("METRICS_ADDR must differ from ADDR; leave it empty to serve /metrics on ADDR"))
	}
	if (c.GoogleClientID == "") != (c.GoogleClientSecret == "") {
		errs = append(errs, errors.New("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together"))
	}
	errs = append(errs, checkRedsys(c)...)
	errs = append(errs, checkLabels(c)...)
	errs = append(errs, checkVerifactu(c)...)
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return c, nil
}

// Default returns the configuration with every option at its default.
func Default() *Config {
	raw := map[string]string{}
	for _, o := range options {
		raw[o.Env] = o.Default
	}
	c, err := build(raw)
	if err != nil {
		panic(fmt.Sprintf("config: defaults do not parse: %v", err))
	}
	return c
}

// String prints every option as ENV=value, secrets redacted.
func (c *Config) String() string {
	var b strings.Builder
	for i, o := range options {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%s", o.Env, o.Value(c))
	}
	return b.String()
}

// LogValue logs the configuration as a group, secrets redacted.
func (c *Config) LogValue() slog.Value {
	attrs := make([]slog.Attr, 0, len(options))
	for _, o := range options {
		attrs = append(attrs, slog.String(o.Env, o.Value(c)))
	}
	return slog.GroupValue(attrs...)
}

// Markdown renders the configuration table for the README.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| Variable | Flag | Default | Description |\n|---|---|---|---|\n")
	for _, o := range options {
		def := "*(empty)*"
		if o.Default != "" {
			def = "`" + o.Default + "`"
		}
		fmt.Fprintf(&b, "| `%s` | `--%s` | %s | %s |\n", o.Env, o.Flag, def, o.Description)
	}
	return b.String()
}

func setBool(dst *bool, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return errors.New("want true or false")
	}
	*dst = b
	return nil
}

func setDuration(dst *time.Duration, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return errors.New("want a positive duration such as 30s or 720h")
	}
	*dst = d
	return nil
}

func splitList(v string) []string {
	var out []string
	for part := range strings.SplitSeq(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// redactDSN masks the password of a URL or key=value connection string.
func redactDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		// pgx also reads the password from a ?password= parameter.
		q := u.Query()
		masked := false
		for k := range q {
			if strings.EqualFold(k, "password") {
				q[k] = []string{"xxxxx"}
				masked = true
			}
		}
		if masked {
			u.RawQuery = q.Encode()
		}
		return u.String()
	}
	fields := strings.Fields(dsn)
	for i, f := range fields {
		if strings.HasPrefix(f, "password=") {
			fields[i] = "password=xxxxx"
		}
	}
	return strings.Join(fields, " ")
}
