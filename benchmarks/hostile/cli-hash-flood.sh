#!/usr/bin/env bash
# Times floodgate-cli's replay of a log whose messages an attacker made to share one String.hashCode ("x", 14 blocks
# of Aa or BB, " 1": 16,384 distinct texts), against the control of the same shape whose blocks are Aa or Bc.
#   benchmarks/hostile/cli-hash-flood.sh [LINES]     (default 30,000 lines each; prints seconds and peak memory)
# Needs a JDK 17+ and awk; builds the CLI with the Maven wrapper. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
lines=${1:-30000}
./mvnw -B -q -pl floodgate-cli -am package -DskipTests
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for shape in colliding control; do
    second=BB
    [ "$shape" = control ] && second=Bc
    awk -v n="$lines" -v second="$second" 'BEGIN {
        for (i = 0; i < n; i++) {
            s = "x"; v = i % 16384
            for (b = 0; b < 14; b++) { s = s ((int(v / 2 ^ b) % 2) == 0 ? "Aa" : second) }
            printf "2026-03-02 10:%02d:%02d.%03d [main] ERROR com.acme.Users - %s 1\n", int(i / 60000) % 60, \
                int(i / 1000) % 60, i % 1000, s
        }
    }' > "$dir/$shape.log"
done
for shape in colliding control; do
    start=$(date +%s.%N)
    java -Xmx256m -jar floodgate-cli/target/floodgate-cli.jar replay --quiet "$dir/$shape.log" > "$dir/$shape.report"
    end=$(date +%s.%N)
    echo "$shape: $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }') s for $lines lines"
done
