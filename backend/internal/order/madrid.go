package order

import (
	"time"

	// Days end at midnight in Madrid wherever shopd runs, even on a machine
	// without the system's zone database.
	_ "time/tzdata"
)

// madrid is the shop's time zone: days end at its midnight.
var madrid = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		return time.FixedZone("CET", 3600)
	}
	return loc
}()
