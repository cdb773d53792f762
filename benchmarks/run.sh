#!/usr/bin/env bash
# Runs the JMH suite (src/docs/performance.md) and writes benchmarks/results/latest.json (JMH JSON) and latest.md
# (table and targets).
#   benchmarks/run.sh           two forks, longer iterations (about 65 minutes on 2 cores)
#   benchmarks/run.sh --quick   one fork, short iterations (about 12 minutes on 2 cores; wider error bars)
# Needs only a JDK 17+; builds what it needs with the Maven wrapper. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl benchmarks -am package -DskipTests
java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.SuiteReport "$@"
