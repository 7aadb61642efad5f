#!/usr/bin/env bash
# bench/run.sh [JMH options…]: the one command for kube-whatif's performance figures (bench/README.md).
# Builds the `bench` profile, prepares the data sets under target/bench-data (gen_scenarios.py for the reference
# snapshot, ScaleGenerator for the others), runs the JMH benchmarks (all, or those selected by JMH options such as a
# regular expression: bench/run.sh CycleBenchmark -p data=big), then the 150,000-pod heap probe, the start-up timing and
# whole commands on the reference snapshot.
# Results: target/bench-results.json (JMH) and the console.
set -euo pipefail
cd "$(dirname "$0")/.."
data="target/bench-data"
gen="${GEN_SCENARIOS:-/work/shared/tools/gen_scenarios.py}"

mvn -q -o -Pbench test-compile || mvn -q -Pbench test-compile
if [ ! -f "$data/big-n5000-p50000-s1/cluster.yaml" ]; then
  [ -f "$gen" ] || { echo "bench/run.sh: gen_scenarios.py not found; set GEN_SCENARIOS=/path/to/gen_scenarios.py" >&2; exit 1; }
  python3 "$gen" --big --nodes 5000 --pods 50000 --seed 1 --out "$data"
fi
cp="target/classes:target/test-classes:$(cat target/bench.classpath)"
java -cp "$cp" io.kubewhatif.bench.BenchData

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$cp" org.openjdk.jmh.Main -rf json -rff target/bench-results.json "$@"

if [ $# -eq 0 ]; then
  echo "== peak heap, 150,000 pods, -Xmx2g"
  java -Xmx2g -XX:+UseParallelGC -cp "$cp" io.kubewhatif.bench.HeapProbe pods150k
  echo "== start-up"
  bench/startup.sh
  echo "== whole commands on the reference snapshot"
  bench/cli.sh
fi
