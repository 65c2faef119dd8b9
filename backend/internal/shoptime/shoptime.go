// Package shoptime is the shop's time zone. Days end, dispatch days fall,
// withdrawal periods run and e-mails and tax records tell the time in
// Madrid's zone, wherever shopd runs, even on a machine without the
// system's zone database (time/tzdata is built in).
package shoptime

import (
	"time"
	_ "time/tzdata"
)

// Madrid is Europe/Madrid: peninsular Spain, where the shop is.
var Madrid = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		// Unreachable: time/tzdata carries the zone.
		panic(err)
	}
	return loc
}()
