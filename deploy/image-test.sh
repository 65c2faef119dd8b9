#!/usr/bin/env bash
# ./task image-test: runs the image localhost/sabores/shopd against a fresh
# database on the test PostgreSQL (TEST_DATABASE_URL's server, default
# postgres://postgres@127.0.0.1:5432/postgres), waits for the container's
# own health check to say healthy, then asks /healthz from outside.
set -euo pipefail
admin=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db="sabores_image_test_$$"
name="sabores-image-test-$$"
port=${IMAGE_TEST_PORT:-18080}
# PODMAN_OPTS are podman's global options, for hosts where its defaults
# cannot start a container: inside another container whose cgroups are
# mixed v1/v2 (crun refuses them; "--runtime runc" does not). PODMAN_RUN_OPTS
# go to "podman run": there, rlimits at most the host's own, which a
# container in a container may not raise
# ("--ulimit nofile=$(ulimit -Hn) --ulimit nproc=4096").
podman() { command podman ${PODMAN_OPTS:-} "$@"; }
psql "$admin" -qc "CREATE DATABASE $db"
cleanup() {
	podman rm -f "$name" >/dev/null 2>&1 || true
	psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
}
trap cleanup EXIT
db_url=$(python3 -c 'import sys,urllib.parse as u; p=u.urlparse(sys.argv[1]); print(p._replace(path="/"+sys.argv[2]).geturl())' "$admin" "$db")
# The host network: the test PostgreSQL listens on the host's loopback.
podman run -d --name "$name" --network host ${PODMAN_RUN_OPTS:-} \
	-e DATABASE_URL="$db_url" -e ADDR="127.0.0.1:$port" \
	localhost/sabores/shopd:latest >/dev/null
start=$(date +%s)
for _ in $(seq 1 60); do
	# podman runs the HEALTHCHECK on demand (no systemd timer needed here).
	if podman healthcheck run "$name" >/dev/null 2>&1; then
		break
	fi
	sleep 1
done
podman healthcheck run "$name" || { podman logs "$name"; echo "image-test: not healthy"; exit 1; }
code=$(python3 -c 'import sys,urllib.request as r; print(r.urlopen(sys.argv[1]).status)' "http://127.0.0.1:$port/healthz")
[ "$code" = 200 ] || { podman logs "$name"; echo "image-test: /healthz answered $code"; exit 1; }
version=$(podman exec "$name" /shopd version 2>/dev/null || true)
echo "image-test: healthy after $(( $(date +%s) - start )) s, /healthz 200, running as uid $(podman inspect -f '{{.Config.User}}' "$name"); $version"
