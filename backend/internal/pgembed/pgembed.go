// Package pgembed runs a private PostgreSQL cluster from the system's
// PostgreSQL binaries, so `shopd` works with no database configured. The
// cluster listens only on a Unix socket inside its own folder: it never takes
// TCP port 5432 from a server already running on the machine.
//
// When shopd runs as root (as it does on the project's machines) initdb and
// postgres, which refuse to run as root, are started as the `postgres`
// system user instead.
package pgembed

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// MajorVersion is the PostgreSQL major version the cluster is created with.
const MajorVersion = "15"

// Options configure a cluster.
type Options struct {
	// Dir holds the cluster: Dir/data is PGDATA and Dir/run the socket folder.
	Dir string
	// BinDir holds initdb and postgres; empty discovers it (pg_config
	// --bindir, then the usual Debian and Homebrew paths).
	BinDir string
	// Logger receives PostgreSQL's own log lines at debug level.
	Logger *slog.Logger
	// StartTimeout bounds how long Start waits for connections; default 30s.
	StartTimeout time.Duration
	// Settings are extra server settings ("name=value", each passed as
	// postgres -c), such as a smaller max_connections.
	Settings []string
	// StandbyOf, when set, is the connection string of a primary: a new
	// cluster is then made with pg_basebackup -R from it instead of initdb,
	// and runs as its streaming hot standby (a read replica).
	StandbyOf string
}

// Cluster is a running PostgreSQL server.
type Cluster struct {
	dataDir   string
	socketDir string
	cmd       *exec.Cmd
	exited    chan struct{}
	waitErr   error
	log       *slog.Logger
	output    *tail
	stopOnce  sync.Once
	stopErr   error
}

// Start initialises the cluster on first use, starts postgres and waits
// until it accepts connections. Data already in Dir is reused.
func Start(ctx context.Context, opts Options) (*Cluster, error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.StartTimeout == 0 {
		opts.StartTimeout = 30 * time.Second
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("pgembed: %w", err)
	}
	binDir := opts.BinDir
	if binDir == "" {
		if binDir, err = FindBinDir(ctx); err != nil {
			return nil, err
		}
	}
	c := &Cluster{
		dataDir:   filepath.Join(dir, "data"),
		socketDir: filepath.Join(dir, "run"),
		exited:    make(chan struct{}),
		log:       opts.Logger.With("component", "postgres"),
		output:    &tail{max: 40},
	}
	// The socket path must fit in sun_path (108 bytes).
	if n := len(c.socketDir) + len("/.s.PGSQL.5432"); n > 107 {
		return nil, fmt.Errorf("pgembed: socket path under %s is %d bytes, more than Unix sockets allow: choose a shorter DATA_DIR", c.socketDir, n)
	}
	owner, err := processOwner()
	if err != nil {
		return nil, err
	}
	if err := prepareDirs(owner, dir, c.socketDir); err != nil {
		return nil, err
	}
	if err := c.initdb(ctx, binDir, owner, opts.StandbyOf); err != nil {
		return nil, err
	}
	if err := c.start(binDir, owner, opts.Settings); err != nil {
		return nil, err
	}
	if err := c.waitReady(ctx, opts.StartTimeout); err != nil {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		_ = c.Stop(stopCtx)
		return nil, err
	}
	c.log.Info("embedded PostgreSQL ready", "data", c.dataDir, "socket", c.socketDir)
	return c, nil
}

// DSN returns a connection string for database (postgres when empty) over
// the cluster's Unix socket, as the trusted postgres superuser.
func (c *Cluster) DSN(database string) string {
	return socketDSN(c.socketDir, database)
}

func socketDSN(socketDir, database string) string {
	if database == "" {
		database = "postgres"
	}
	q := url.Values{"host": {socketDir}, "sslmode": {"disable"}}
	return "postgres://postgres@/" + url.PathEscape(database) + "?" + q.Encode()
}

// DataDir is where the cluster keeps its data (PGDATA).
func (c *Cluster) DataDir() string { return c.dataDir }

// Stop shuts postgres down with a fast shutdown (rolling back open
// transactions, flushing data) and waits for it to exit; when ctx ends
// first it falls back to an immediate shutdown. Stop is safe to call twice.
func (c *Cluster) Stop(ctx context.Context) error {
	c.stopOnce.Do(func() { c.stopErr = c.stop(ctx) })
	return c.stopErr
}

func (c *Cluster) stop(ctx context.Context) error {
	select {
	case <-c.exited:
		return nil
	default:
	}
	if err := c.cmd.Process.Signal(syscall.SIGINT); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("pgembed: signal postgres: %w", err)
	}
	select {
	case <-c.exited:
		c.log.Info("embedded PostgreSQL stopped", "data", c.dataDir)
		return nil
	case <-ctx.Done():
		_ = c.cmd.Process.Signal(syscall.SIGQUIT)
		<-c.exited
		return fmt.Errorf("pgembed: fast shutdown took too long, stopped immediately: %w", ctx.Err())
	}
}

// FindBinDir locates PostgreSQL's server binaries.
func FindBinDir(ctx context.Context) (string, error) {
	candidates := binDirCandidates(ctx)
	for _, dir := range candidates {
		if isExecutable(filepath.Join(dir, "initdb")) && isExecutable(filepath.Join(dir, "postgres")) {
			return dir, nil
		}
	}
	return "", fmt.Errorf("pgembed: no PostgreSQL server binaries (initdb, postgres) in %s: install PostgreSQL %s or set DATABASE_URL",
		strings.Join(candidates, ", "), MajorVersion)
}

// binDirCandidates are the folders PostgreSQL's binaries are looked for
// in, the likeliest first.
func binDirCandidates(ctx context.Context) []string {
	candidates := []string{}
	if out, err := exec.CommandContext(ctx, "pg_config", "--bindir").Output(); err == nil {
		candidates = append(candidates, strings.TrimSpace(string(out)))
	}
	return append(candidates,
		"/usr/lib/postgresql/"+MajorVersion+"/bin",
		"/usr/pgsql-"+MajorVersion+"/bin",
		"/opt/homebrew/opt/postgresql@"+MajorVersion+"/bin",
		"/usr/local/opt/postgresql@"+MajorVersion+"/bin",
		"/usr/local/pgsql/bin",
		"/usr/bin",
	)
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

// owner is the account postgres runs as; cred is nil when that is us.
type owner struct {
	uid, gid int
	cred     *syscall.Credential
	// readAnywhere lets the postgres user reach DATA_DIR through folders
	// only root may enter (such as /root), without loosening their modes.
	readAnywhere bool
}

func processOwner() (owner, error) {
	if os.Geteuid() != 0 {
		return owner{uid: os.Geteuid(), gid: os.Getegid()}, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return owner{}, fmt.Errorf("pgembed: running as root needs the postgres system user to run PostgreSQL as: %w", err)
	}
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return owner{}, fmt.Errorf("pgembed: postgres uid %q: %w", u.Uid, err)
	}
	gid, err := strconv.Atoi(u.Gid)
	if err != nil {
		return owner{}, fmt.Errorf("pgembed: postgres gid %q: %w", u.Gid, err)
	}
	return owner{
		uid: uid, gid: gid,
		cred:         &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)},
		readAnywhere: hasEffectiveCap(capDACReadSearch),
	}, nil
}

// prepareDirs creates the cluster folders with the modes PostgreSQL insists
// on (0700) and hands them to the account postgres runs as.
func prepareDirs(o owner, dirs ...string) error {
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("pgembed: create %s: %w", d, err)
		}
		if err := os.Chmod(d, 0o700); err != nil {
			return fmt.Errorf("pgembed: chmod %s: %w", d, err)
		}
	}
	if o.cred == nil {
		return nil
	}
	for _, d := range dirs {
		err := filepath.WalkDir(d, func(path string, _ os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(path, o.uid, o.gid)
		})
		if err != nil {
			return fmt.Errorf("pgembed: hand %s to the postgres user: %w", d, err)
		}
	}
	return nil
}

func (c *Cluster) initdb(ctx context.Context, binDir string, o owner, standbyOf string) error {
	version, err := os.ReadFile(filepath.Join(c.dataDir, "PG_VERSION"))
	switch {
	case err == nil:
		if v := strings.TrimSpace(string(version)); v != MajorVersion {
			return fmt.Errorf("pgembed: %s holds a PostgreSQL %s cluster, this shop runs %s: move it away or set DATABASE_URL", c.dataDir, v, MajorVersion)
		}
		return nil
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("pgembed: read PG_VERSION: %w", err)
	}
	// initdb works in a scratch folder renamed into place when complete,
	// so an interrupted first start leaves nothing that looks like a cluster.
	scratch := c.dataDir + ".initdb"
	if err := os.RemoveAll(scratch); err != nil {
		return fmt.Errorf("pgembed: remove unfinished cluster %s: %w", scratch, err)
	}
	if err := prepareDirs(o, scratch); err != nil {
		return err
	}
	var cmd *exec.Cmd
	if standbyOf == "" {
		c.log.Info("creating embedded PostgreSQL cluster", "data", c.dataDir)
		cmd = exec.CommandContext(ctx, filepath.Join(binDir, "initdb"),
			"--pgdata", scratch, "--username=postgres", "--auth=trust",
			"--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions")
	} else {
		// -R writes standby.signal and primary_conninfo, -X stream copies
		// the WAL written meanwhile: the copy starts as a consistent standby.
		c.log.Info("copying the primary into a standby with pg_basebackup", "data", c.dataDir)
		cmd = exec.CommandContext(ctx, filepath.Join(binDir, "pg_basebackup"),
			"--pgdata", scratch, "--dbname", standbyOf, "--write-recovery-conf",
			"--wal-method=stream", "--checkpoint=fast", "--no-password")
	}
	cmd.SysProcAttr = o.sysProcAttr()
	cmd.Dir = "/" // chdir runs before exec grants capabilities, so pick a folder anyone may enter
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgembed: %s: %w\n%s", filepath.Base(cmd.Path), err, out)
	}
	if err := os.Remove(c.dataDir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("pgembed: %s is neither a cluster nor empty: %w", c.dataDir, err)
	}
	if err := os.Rename(scratch, c.dataDir); err != nil {
		return fmt.Errorf("pgembed: move new cluster into place: %w", err)
	}
	return nil
}

func (c *Cluster) start(binDir string, o owner, settings []string) error {
	args := []string{
		"-D", c.dataDir,
		"-c", "listen_addresses=",
		"-c", "unix_socket_directories=" + c.socketDir,
		"-c", "unix_socket_permissions=0700",
		"-c", "logging_collector=off",
	}
	for _, s := range settings {
		args = append(args, "-c", s)
	}
	// Not CommandContext: the server outlives Start's context and is
	// stopped by Stop, with a shutdown mode of our choosing.
	c.cmd = exec.Command(filepath.Join(binDir, "postgres"), args...) //nolint:noctx // see above
	// chdir runs before exec grants capabilities, so pick a folder anyone may enter.
	c.cmd.Dir = "/"
	c.cmd.SysProcAttr = o.sysProcAttr()
	stderr, err := c.cmd.StderrPipe()
	if err != nil {
		return fmt.Errorf("pgembed: %w", err)
	}
	c.cmd.Stdout = c.cmd.Stderr
	if err := c.cmd.Start(); err != nil {
		return fmt.Errorf("pgembed: start postgres: %w", err)
	}
	logged := make(chan struct{})
	go func() {
		defer close(logged)
		c.relay(stderr)
	}()
	go func() {
		<-logged
		c.waitErr = c.cmd.Wait()
		close(c.exited)
	}()
	return nil
}

// relay forwards postgres's log lines to slog and keeps the last ones for
// error messages.
func (c *Cluster) relay(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		c.output.add(line)
		c.log.Debug(line)
	}
}

func (c *Cluster) waitReady(ctx context.Context, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	dsn := c.DSN("postgres")
	for {
		conn, err := pgconn.Connect(ctx, dsn)
		if err == nil {
			return conn.Close(ctx)
		}
		select {
		case <-c.exited:
			exitErr := c.waitErr
			if exitErr == nil {
				exitErr = errors.New("exit status 0")
			}
			return fmt.Errorf("pgembed: postgres exited during start-up (%w):\n%s", exitErr, c.output)
		case <-ctx.Done():
			return fmt.Errorf("pgembed: postgres not ready after %s: %w\n%s", timeout, err, c.output)
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// tail keeps the last lines of a log.
type tail struct {
	mu    sync.Mutex
	max   int
	lines []string
}

func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines = append(t.lines, line)
	if len(t.lines) > t.max {
		t.lines = t.lines[len(t.lines)-t.max:]
	}
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, "\n")
}
