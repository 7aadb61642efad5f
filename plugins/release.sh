#!/usr/bin/env bash
# plugins/release.sh [URL_BASE]: assembles JReleaser's java-archive (jreleaser.yml) for the version in pom.xml and
# writes target/krew/whatif.yaml: plugins/whatif.yaml with that version, the archive's download uri
# (URL_BASE/vVERSION/kube-whatif-VERSION.tgz) and its sha256 filled in. Publish the archive there first.
set -euo pipefail
cd "$(dirname "$0")/.."

base="${1:-https://github.com/kube-whatif/kube-whatif/releases/download}"
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)"

mvn -B -ntp -q package -DskipTests
mvn -B -ntp -q -Pdist jreleaser:assemble
archive="target/jreleaser/assemble/kube-whatif/java-archive/kube-whatif-$version.tgz"
[ -f "$archive" ] || { echo "release.sh: $archive was not assembled" >&2; exit 1; }

sha="$(sha256sum "$archive" | cut -d' ' -f1)"
mkdir -p target/krew
sed -e "s|https://github.com/kube-whatif/kube-whatif/releases/download|$base|" \
    -e "s|v0\.1\.0|v$version|g" \
    -e "s|kube-whatif-0\.1\.0|kube-whatif-$version|g" \
    -e "s|0\{64\}|$sha|" plugins/whatif.yaml > target/krew/whatif.yaml
echo "$archive  sha256 $sha"
echo "target/krew/whatif.yaml"
