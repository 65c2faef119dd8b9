package auth

import "time"

// Default absolute session lifetimes: however often it is used, a session
// ends this long after sign-in, and much sooner for an admin, whose stolen
// cookie could do far more.
const (
	defaultSessionMaxAge      = 90 * 24 * time.Hour
	defaultAdminSessionMaxAge = 12 * time.Hour
)

// maxAge is the absolute lifetime of a session of a caller with role.
func (c Config) maxAge(role Role) time.Duration {
	// Till staff sign in on the shop's shared tablet: a back-office lifetime.
	if role == RoleAdmin || role == RoleTill {
		return c.AdminSessionMaxAge
	}
	return c.SessionMaxAge
}

// sessionExpiry is when a session signed in at created and used at now
// expires: a full TTL from now, but never past its absolute lifetime maxAge.
// alive is false once that lifetime is over.
func sessionExpiry(created, now time.Time, ttl, maxAge time.Duration) (expires time.Time, alive bool) {
	end := created.Add(maxAge)
	if !now.Before(end) {
		return time.Time{}, false
	}
	expires = now.Add(ttl)
	if expires.After(end) {
		expires = end
	}
	return expires, true
}
