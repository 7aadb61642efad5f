#!/usr/bin/env bash
# plugins/release.sh VERSION [URL_BASE]: builds the release archive target/krew/kube-whatif.tar.gz (the launcher,
# kubectl_complete-whatif, the jar and its libraries where the launcher looks for them, LICENSE, README, completions)
# and target/krew/whatif.yaml: plugins/whatif.yaml with the version, the download uri and the archive's sha256 filled
# in. Upload the archive as the release asset at URL_BASE/VERSION/kube-whatif.tar.gz.
set -euo pipefail
cd "$(dirname "$0")/.."

version="${1:?usage: plugins/release.sh VERSION (e.g. v0.1.0) [URL_BASE]}"
base="${2:-https://github.com/kube-whatif/kube-whatif/releases/download}"
case "$version" in v[0-9]*.[0-9]*.[0-9]*) ;; *) echo "release.sh: VERSION must look like v1.2.3 (krew requires it)" >&2; exit 2 ;; esac

mvn -q -B package -DskipTests

out=target/krew
rm -rf "$out"
stage="$out/stage/kube-whatif"
mkdir -p "$stage/target/lib" "$stage/completions"
cp kubectl-whatif kubectl_complete-whatif LICENSE README.md "$stage/"
cp completions/* "$stage/completions/"
cp target/kube-whatif.jar "$stage/target/"
cp target/lib/*.jar "$stage/target/lib/"
tar -C "$out/stage" --owner=0 --group=0 --numeric-owner --sort=name -czf "$out/kube-whatif.tar.gz" kube-whatif

sha="$(sha256sum "$out/kube-whatif.tar.gz" | cut -d' ' -f1)"
sed -e "s|v0\.1\.0|$version|g" \
    -e "s|https://github.com/kube-whatif/kube-whatif/releases/download|$base|" \
    -e "s|0\{64\}|$sha|" plugins/whatif.yaml > "$out/whatif.yaml"
echo "$out/kube-whatif.tar.gz  sha256 $sha"
echo "$out/whatif.yaml"
