#!/usr/bin/env bash
# bench/startup.sh [RUNS]: wall time of the launcher (./kubectl-whatif), min and median over RUNS runs (default 10),
# for `schedule` on the quickstart sample and for `version`. The JDK is the launcher's (JAVA_HOME, else java on PATH);
# one untimed run first, so a missing jar or start-up archive is built outside the timing.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
launcher=./kubectl-whatif

time_runs() {
  local label="$1"; shift
  "$launcher" "$@" >/dev/null 2>&1 || true
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    "$launcher" "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
  done
  local sorted
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  local n=${#sorted[@]}
  local median
  if (( n % 2 )); then median=${sorted[$((n / 2))]}; else median=$(( (sorted[n / 2 - 1] + sorted[n / 2]) / 2 )); fi
  printf '%-28s min %5d ms   median %5d ms   (%d runs)\n' "$label" "${sorted[0]}" "$median" "$n"
}

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
echo "JDK: $("$java_bin" -version 2>&1 | sed -n 1p); load average $(cut -d' ' -f1-3 /proc/loadavg)"
time_runs "schedule (quickstart)" schedule --cluster samples/quickstart/cluster.yaml -f samples/quickstart/pod.yaml
time_runs "version" version
