package auth

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/zitadel/oidc/v3/pkg/client/rp"
)

// After a failed discovery, sign-ins fail at once for a while instead of
// asking the provider again: discoveryBackoff at first, doubling with each
// failure up to maxDiscoveryBackoff.
const (
	discoveryBackoff    = time.Second
	maxDiscoveryBackoff = 30 * time.Second
)

// discovery builds a provider's relying party once, with every sign-in
// that needs it waiting for the same attempt ("single flight"), each only
// as long as its own request allows: a provider that hangs costs each
// sign-in its own deadline, not the sum of everyone's before it.
type discovery struct {
	mu       sync.Mutex
	party    rp.RelyingParty
	inflight chan struct{} // closed when the attempt under way ends
	err      error         // the last attempt's failure
	retryAt  time.Time     // no new attempt before this, after a failure
	backoff  time.Duration
}

// get returns the relying party, building it with build on first success.
func (d *discovery) get(ctx context.Context, build func(context.Context) (rp.RelyingParty, error)) (rp.RelyingParty, error) {
	d.mu.Lock()
	if d.party != nil {
		d.mu.Unlock()
		return d.party, nil
	}
	if d.inflight == nil {
		if time.Now().Before(d.retryAt) {
			err := d.err
			d.mu.Unlock()
			return nil, err
		}
		d.inflight = make(chan struct{})
		go d.attempt(d.inflight, build)
	}
	done := d.inflight
	d.mu.Unlock()

	select {
	case <-done:
	case <-ctx.Done():
		return nil, fmt.Errorf("auth: set up identity provider: %w", ctx.Err())
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.party != nil {
		return d.party, nil
	}
	return nil, d.err
}

// attempt runs one discovery, bounded by discoveryTimeout rather than by
// the sign-in that started it, so a caller giving up does not fail the
// others waiting for it.
func (d *discovery) attempt(done chan struct{}, build func(context.Context) (rp.RelyingParty, error)) {
	ctx, cancel := context.WithTimeout(context.Background(), discoveryTimeout)
	defer cancel()
	party, err := build(ctx)
	d.mu.Lock()
	defer d.mu.Unlock()
	d.inflight = nil
	defer close(done)
	if err != nil {
		d.backoff = min(max(2*d.backoff, discoveryBackoff), maxDiscoveryBackoff)
		d.retryAt = time.Now().Add(d.backoff)
		d.err = fmt.Errorf("auth: set up identity provider: %w", err)
		return
	}
	d.party, d.err, d.backoff = party, nil, 0
}
