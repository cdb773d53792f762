#!/usr/bin/env bash
# Installs a disassembler into a JDK so that JMH's perfasm profiler shows compiled code as instructions:
#   sudo benchmarks/hsdis/install.sh [JAVA_HOME]     (default: the JDK of `java` on the PATH)
# Needs Debian's libhsdis0-fcml and gcc (apt-get install libhsdis0-fcml gcc) and write access to the JDK's
# lib/server. The JDK finds the plugin only there, not through LD_LIBRARY_PATH. A profiling aid: nothing in the
# build or the tests uses it. Then, for example:
#   java -jar benchmarks/target/benchmarks.jar 'LogbackBenchmark.distinct100k$' -p setup=floodgate -f 1 \
#       -prof 'perfasm:events=cpu-clock;top=10;tooBigThreshold=4000'
# (cpu-clock, because a virtual machine may expose no hardware counters to perf.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
java_home=${1:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
fcml=/usr/lib/x86_64-linux-gnu/libhsdis.so.0
[ -r "$fcml" ] || { echo "install.sh: $fcml not found; apt-get install libhsdis0-fcml" >&2; exit 1; }
[ -d "$java_home/lib/server" ] || { echo "install.sh: no $java_home/lib/server; pass the JDK's home" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gcc -shared -fPIC -O2 -o "$out/hsdis-amd64.so" "$here/hsdis-shim.c" "$fcml" -Wl,-rpath,"$(dirname "$fcml")"
install -m 0644 "$out/hsdis-amd64.so" "$java_home/lib/server/hsdis-amd64.so"
echo "installed $java_home/lib/server/hsdis-amd64.so"
