#!/usr/bin/env bash
# bench/startup.sh [RUNS]: whole processes through the launcher (./kubectl-whatif), min and median over RUNS runs
# (default 10) of the wall time and, with /usr/bin/time, of the CPU time (user + system), for `schedule` on the
# quickstart sample, `version`, and `__complete` (what the shells run on TAB). The JDK is the launcher's (JAVA_HOME,
# else java on PATH); one untimed run first, so a missing jar or start-up archive is built outside the timing. The load
# average is printed before and after: on a shared machine the wall times depend on it, the CPU times much less.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
launcher=./kubectl-whatif
timer=""
[ -x /usr/bin/time ] && timer=/usr/bin/time

median() {
  local sorted n
  sorted=($(printf '%s\n' "$@" | sort -n))
  n=${#sorted[@]}
  if (( n % 2 )); then echo "${sorted[$((n / 2))]}"; else echo $(( (sorted[n / 2 - 1] + sorted[n / 2]) / 2 )); fi
}

time_runs() {
  local label="$1"; shift
  "$launcher" "$@" >/dev/null 2>&1 || true
  local times=() cpus=() tmp
  tmp="$(mktemp)"
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    if [ -n "$timer" ]; then
      "$timer" -f '%U %S' -o "$tmp" "$launcher" "$@" >/dev/null 2>&1 || true
      # The last line: a failing command's first line says so.
      cpus+=($(tail -n 1 "$tmp" | awk '{ printf "%d", ($1 + $2) * 1000 }'))
    else
      "$launcher" "$@" >/dev/null 2>&1 || true
    fi
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
  done
  rm -f "$tmp"
  local sorted
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  printf '%-28s wall min %5d ms   median %5d ms' "$label" "${sorted[0]}" "$(median "${times[@]}")"
  if [ ${#cpus[@]} -gt 0 ]; then
    sorted=($(printf '%s\n' "${cpus[@]}" | sort -n))
    printf '   cpu min %5d ms   median %5d ms' "${sorted[0]}" "$(median "${cpus[@]}")"
  fi
  printf '   (%d runs)\n' "$runs"
}

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
echo "JDK: $("$java_bin" -version 2>&1 | sed -n 1p); load average $(cut -d' ' -f1-3 /proc/loadavg)"
time_runs "schedule (quickstart)" schedule --cluster samples/quickstart/cluster.yaml -f samples/quickstart/pod.yaml
time_runs "version" version
time_runs "__complete schedule --c" __complete schedule --c
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
