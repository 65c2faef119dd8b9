#!/usr/bin/env bash
# ./task audit: known vulnerabilities in the Go modules shopd is built from
# (govulncheck, only the code paths shopd reaches) and in the web app's
# runtime npm packages (npm audit --omit=dev). Both ask an online database;
# where it cannot be reached the audit says so and does not pass for clean.
# Not part of .ci/run: its answer changes with the databases, not the code.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0

out="$(go run golang.org/x/vuln/cmd/govulncheck@v1.9.0 ./... 2>&1)"
rc=$?
printf '%s\n' "$out"
case "$rc" in
  0) echo "govulncheck: no known vulnerability reached" ;;
  3) echo "govulncheck: vulnerabilities reached (above)"; status=1 ;;
  *) if grep -q "fetching vulnerabilities" <<<"$out"; then
       echo "govulncheck: its database (vuln.go.dev) cannot be reached from here: NOT audited"; status=2
     else
       status=1
     fi ;;
esac

out="$(npm audit --omit=dev 2>&1)"
rc=$?
printf '%s\n' "$out"
if [[ $rc -ne 0 ]]; then
  if grep -q "audit endpoint returned an error\|ENOTFOUND\|ECONNREFUSED" <<<"$out"; then
    echo "npm audit: the registry's advisory service cannot be reached from here: NOT audited"
    [[ $status -eq 0 ]] && status=2
  else
    status=1
  fi
fi
exit "$status"
