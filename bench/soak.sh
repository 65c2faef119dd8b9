#!/usr/bin/env bash
# Soak benchmark: starts bin/shopd on a fresh embedded PostgreSQL cluster
# with the sample catalogue and drives it with bench/soak at a steady rate.
# SOAK_DURATION (default 10m) and SOAK_RATE (default 50 calls/s) tune it.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${SOAK_PORT:-8100}"
data="$(mktemp -d /tmp/sabores-soak.XXXXXX)"
log="$data/shopd.log"
ADDR="127.0.0.1:$port" PUBLIC_URL="http://127.0.0.1:$port" DATA_DIR="$data" DATABASE_URL="" \
  ./bin/shopd serve >"$log" 2>&1 </dev/null &
pid=$!
cleanup() {
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 240); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.5
done
go run ./bench/soak -url "http://127.0.0.1:$port" -duration "${SOAK_DURATION:-10m}" -rate "${SOAK_RATE:-50}"
