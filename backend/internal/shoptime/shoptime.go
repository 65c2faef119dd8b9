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

// zoneLabels say, in each language, which clock a time shown to a shopper
// is on. "Hora de Madrid" reads the same in Spanish and Portuguese and,
// unlike "hora peninsular" (Portugal's mainland is an hour behind Spain),
// cannot be misread by a reader in Portugal.
var zoneLabels = map[string]string{
	"es": "hora de Madrid",
	"pt": "hora de Madrid",
}

// ZoneLabel is the label of a Madrid time in lang, Spanish for any
// language other than es and pt.
func ZoneLabel(lang string) string {
	if l, ok := zoneLabels[lang]; ok {
		return l
	}
	return zoneLabels["es"]
}

// Clock writes t's time of day in Madrid, labelled: "17:59 (hora de Madrid)".
func Clock(t time.Time, lang string) string {
	return t.In(Madrid).Format("15:04") + " (" + ZoneLabel(lang) + ")"
}

// DateTime writes t's day and time in Madrid, labelled:
// "29/11/2026 17:59 (hora de Madrid)".
func DateTime(t time.Time, lang string) string {
	return t.In(Madrid).Format("02/01/2006") + " " + Clock(t, lang)
}

// DateTimeSeconds is DateTime to the second, for a moment the law wants
// recorded (a withdrawal's "date and time received"):
// "29/11/2026 17:59:05 (hora de Madrid)".
func DateTimeSeconds(t time.Time, lang string) string {
	return t.In(Madrid).Format("02/01/2006 15:04:05") + " (" + ZoneLabel(lang) + ")"
}
