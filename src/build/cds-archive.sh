#!/usr/bin/env bash
# src/build/cds-archive.sh JAVA TARGET_DIR: makes the start-up archive of target/kube-whatif.jar for the JDK of JAVA,
# from one training run (io.kubewhatif.cli.StartupTraining):
#   JDK 25+:    an AOT cache,               TARGET_DIR/cds/kube-whatif-<java version>.aot
#   JDK 17-24:  a static CDS archive,       TARGET_DIR/cds/kube-whatif-<java version>.jsa (unlike a dynamic
#               archive it also holds picocli, whose pre-Java-6 class files only a static dump can share).
# Run by `mvn package` (for the build's JDK) and by the launcher (for its JDK, when the archive is missing).
# The JVM options must be the launcher's: an archive is only used by a JVM started like the one that made it.
# Never fails the caller: without an archive the tool only starts slower. Silent unless the archive cannot be made.
set -uo pipefail
java_bin="$1"
target="$(cd "$2" && pwd -P)"
home="$(dirname "$target")"
jar="$target/kube-whatif.jar"
opts=(-XX:TieredStopAtLevel=1 -XX:+UseParallelGC -Xss4m)

ver="$("$java_bin" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.version = //p')"
[ -n "$ver" ] && [ -f "$jar" ] || { echo "cds-archive: no JDK version or no $jar; no start-up archive" >&2; exit 0; }
major="${ver%%.*}"
mkdir -p "$target/cds"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

if [ "$major" -ge 25 ]; then
  out="$target/cds/kube-whatif-$ver.aot"
  if "$java_bin" "${opts[@]}" -XX:AOTCacheOutput="$tmp/app.aot" -Xlog:aot=off -Xlog:cds=off \
      -cp "$jar" io.kubewhatif.cli.StartupTraining "$home" >"$tmp/log" 2>&1 && [ -f "$tmp/app.aot" ]; then
    mv "$tmp/app.aot" "$out"
  else
    echo "cds-archive: AOT cache not made (JDK $ver):" >&2; tail -5 "$tmp/log" >&2
  fi
  exit 0
fi

out="$target/cds/kube-whatif-$ver.jsa"
if "$java_bin" "${opts[@]}" -XX:DumpLoadedClassList="$tmp/classes.lst" -cp "$jar" io.kubewhatif.cli.StartupTraining "$home" >"$tmp/log" 2>&1 \
    && "$java_bin" "${opts[@]}" -Xshare:dump -XX:SharedClassListFile="$tmp/classes.lst" -XX:SharedArchiveFile="$tmp/app.jsa" \
       -Xlog:cds=off -Xlog:cds+dynamic=off -cp "$jar" >>"$tmp/log" 2>&1 && [ -f "$tmp/app.jsa" ]; then
  mv "$tmp/app.jsa" "$out"
else
  echo "cds-archive: CDS archive not made (JDK $ver):" >&2; tail -5 "$tmp/log" >&2
fi
exit 0
