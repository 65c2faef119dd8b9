// Package systemtest holds the tests that run the whole shopd: its handler
// on an httptest server (cli.ShopHandler), `shopd serve` in-process, or
// shopd processes side by side. They check what only the assembled shop
// shows: hostile input, database faults, the Content-Security-Policy, the
// checkout under load, replicas, shutdown, logs and metrics. cli keeps the
// tests of its commands.
package systemtest
