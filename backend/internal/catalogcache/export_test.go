package catalogcache

// SetLive marks the cache as listening, for tests without a database.
func (c *Cache) SetLive(live bool) { c.live.Store(live) }
