package jobs

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// JobCount is how many of River's jobs of one kind are in one state, and
// how many of them ran more than once (retried).
type JobCount struct {
	Kind, State   string
	Jobs, Retried int64
}

// Counts counts River's jobs by kind and state. River keeps finished jobs
// for a day (completed) or a week (cancelled, discarded) and then deletes
// them, so the table, and this count of it, stays bounded.
func Counts(ctx context.Context, q db.DBTX) ([]JobCount, error) {
	rows, err := q.Query(ctx, `SELECT kind, state::text, count(*), count(*) FILTER (WHERE attempt > 1)
		FROM river_job GROUP BY kind, state ORDER BY kind, state`)
	if err != nil {
		return nil, fmt.Errorf("jobs: count: %w", err)
	}
	defer rows.Close()
	var counts []JobCount
	for rows.Next() {
		var c JobCount
		if err := rows.Scan(&c.Kind, &c.State, &c.Jobs, &c.Retried); err != nil {
			return nil, fmt.Errorf("jobs: count: %w", err)
		}
		counts = append(counts, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("jobs: count: %w", err)
	}
	return counts, nil
}
