package db

// NewProvider exposes the migration provider to the external tests, which
// take the schema down and up again.
var NewProvider = newProvider
