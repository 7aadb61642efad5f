#!/usr/bin/env bash
# bench/quiet.sh [quick]: the whole-process figures of issues #15 and #18 through the launcher, one line per run
# (wall, CPU = user + system, peak RSS, load average): cold JVM each run, as a user runs them. Run it on a quiet
# machine, after bench/run.sh has made target/bench-data (the reference snapshot `big` and `pods150k`); it makes the
# 1,000-node snapshot and the 1,000 pending pods itself. `quick`: the quickstart and TAB only.
# JDK 25: JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 bench/quiet.sh quick (the first run makes the AOT cache).
set -uo pipefail
cd "$(dirname "$0")/.."
data="target/bench-data"
gen="${GEN_SCENARIOS:-/work/shared/tools/gen_scenarios.py}"
big="$data/big-n5000-p50000-s1"

m() {
  local label="$1" runs="$2"; shift 2
  local i rc e u s rss
  for i in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o target/quiet-time.txt ./kubectl-whatif "$@" >/dev/null 2>target/quiet-err.txt
    rc=$?
    read -r e u s rss < <(tail -1 target/quiet-time.txt)
    printf '%-28s run %2d exit %d  wall %6.2f s  cpu %6.2f s  rss %5d MB  load %s\n' "$label" "$i" "$rc" "$e" \
      "$(python3 -c "print($u + $s)")" "$((rss / 1024))" "$(cut -d' ' -f1 /proc/loadavg)"
  done
}

./kubectl-whatif version >/dev/null 2>&1
m quickstart-schedule 10 schedule --cluster samples/quickstart/cluster.yaml -f samples/quickstart/pod.yaml
m complete 10 __complete schedule --c
[ "${1:-}" = quick ] && exit 0

[ -f "$big/cluster.yaml" ] || { echo "bench/quiet.sh: $big is missing; run bench/run.sh first" >&2; exit 1; }
if [ ! -f "$data/big-n1000-p10000-s1/cluster.yaml" ]; then
  [ -f "$gen" ] || { echo "bench/quiet.sh: gen_scenarios.py not found; set GEN_SCENARIOS=/path/to/gen_scenarios.py" >&2; exit 1; }
  python3 "$gen" --big --nodes 1000 --pods 10000 --seed 1 --out "$data" >/dev/null
fi
# explain's hard case: 20 CPUs (more than any node has) and a nodeSelector no node matches.
cat > "$data/unschedulable-pod.yaml" <<'EOF'
apiVersion: v1
kind: Pod
metadata: {name: big-batch, namespace: default}
spec:
  nodeSelector: {pool: gpu}
  containers:
  - name: app
    image: registry.k8s.io/pause:3.10
    resources: {requests: {cpu: "20", memory: 1Gi}}
EOF
python3 bench/pending.py "$big/pending.yaml" 1000

m big-schedule-json 5 schedule --cluster "$big/cluster.yaml" -f "$big/pod.yaml" -o json
m big-explain 3 explain --cluster "$big/cluster.yaml" -f "$big/pod.yaml"
m n1000-explain-unschedulable 3 explain --cluster "$data/big-n1000-p10000-s1/cluster.yaml" -f "$data/unschedulable-pod.yaml"
m big-explain-1000-pending 1 explain --cluster "$big/cluster.yaml" --cluster "$big/pending.yaml" -o json
m big-capacity-1000 1 capacity --cluster "$big/cluster.yaml" -f "$big/pod.yaml" --max 1000 -o json
[ -f "$data/pods150k/cluster.json" ] && m pods150k-schedule 2 schedule --cluster "$data/pods150k/cluster.json" -f "$data/pods150k/pod.yaml" -o json
exit 0
