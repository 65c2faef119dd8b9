package cataloguecache

// SetLive marks the cache as listening, for tests without a database.
func (c *Cache) SetLive(live bool) { c.feed.SetLive(live) }

// EntryBytes is what the messages kept for non-GET calls count against MaxBytes.
func (c *Cache) EntryBytes() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.entryBytes
}
