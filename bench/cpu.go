package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// clockTicks is Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times
// (100 on every architecture Go builds for Linux).
const clockTicks = 100

// cpuMeter measures the CPU time shopd and the PostgreSQL backends serving
// its database spend on a run. Throughput on a shared 2-core machine moves
// with whatever else runs on it; the CPU time a request costs moves far
// less, so it is the figure to compare two builds by.
type cpuMeter struct {
	shopdPID int
	conn     *pgx.Conn
}

// cpuSnapshot is the CPU time used so far by shopd and by each backend.
type cpuSnapshot struct {
	shopd    time.Duration
	backends map[int]time.Duration
}

func newCPUMeter(ctx context.Context, dsn string, shopdPID int) (*cpuMeter, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	return &cpuMeter{shopdPID: shopdPID, conn: conn}, nil
}

func (m *cpuMeter) close(ctx context.Context) { _ = m.conn.Close(ctx) }

// snapshot reads the CPU time of shopd and of every backend connected to
// the benchmark's database except the meter's own. A server on another
// machine has no /proc entries here: its backends count as zero.
func (m *cpuMeter) snapshot(ctx context.Context) (cpuSnapshot, error) {
	s := cpuSnapshot{backends: map[int]time.Duration{}}
	s.shopd, _ = procCPU(m.shopdPID)
	// Client backends only: an autovacuum worker on the database (the
	// back office's million orders) does no request's work.
	rows, err := m.conn.Query(ctx, `SELECT pid FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`)
	if err != nil {
		return s, err
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return s, err
	}
	for _, pid := range pids {
		if d, ok := procCPU(int(pid)); ok {
			s.backends[int(pid)] = d
		}
	}
	return s, nil
}

// since returns the CPU time shopd and the backends used from before to s.
// A backend that closed in between is lost; the pool keeps its connections
// through a run, so that is rare.
func (s cpuSnapshot) since(before cpuSnapshot) (shopd, db time.Duration) {
	for pid, d := range s.backends {
		db += d - before.backends[pid]
	}
	return s.shopd - before.shopd, db
}

// procCPU reads a process's user and system time from /proc/<pid>/stat.
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The command name (field 2) may hold spaces; the fields after it are
	// counted from its closing parenthesis. utime and stime are fields 14
	// and 15.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, true
}
