#!/usr/bin/env bash
# bench/cli.sh [RUNS]: wall time of whole commands through the launcher on the reference snapshot (cold JVM each run,
# as a user runs them): schedule, capacity of 1,000 replicas, and explain of 1,000 pending pods (bench/pending.py) at once.
# Min and median over RUNS runs (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
big="target/bench-data/big-n5000-p50000-s1"
[ -f "$big/cluster.yaml" ] || { echo "bench/cli.sh: $big is missing; run bench/run.sh first" >&2; exit 1; }

time_runs() {
  local label="$1"; shift
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    ./kubectl-whatif "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
  done
  local sorted
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  printf '%-36s min %6d ms   median %6d ms   (%d runs)\n' "$label" "${sorted[0]}" "${sorted[$(( ${#sorted[@]} / 2 ))]}" "${#sorted[@]}"
}

./kubectl-whatif version >/dev/null 2>&1
time_runs "schedule (5,000 nodes, 50,000 pods)" schedule --cluster "$big/cluster.yaml" -f "$big/pod.yaml" -o name
time_runs "capacity --max 1000 (same)" capacity --cluster "$big/cluster.yaml" -f "$big/pod.yaml" --max 1000 -o json
python3 bench/pending.py "$big/pending.yaml" 1000
time_runs "explain, 1,000 pending pods (same)" explain --cluster "$big/cluster.yaml" --cluster "$big/pending.yaml" -o json
