#!/usr/bin/env bash
# The Floodgate demo: a simulated outage, first through Logback, then through Log4j2.
#
# Builds what the two example applications need (no tests), then runs each in its own JVM, so that each has the
# class path of a real application of its kind: SLF4J + Logback in one, Log4j2 in the other. Each prints how many
# messages it logged, how many lines reached its log files, how many of those are Floodgate's summaries, and a
# few of the real lines. Needs only a JDK 17+; the Maven wrapper fetches Maven and the dependencies.
#
#   examples/demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "Building the example applications (a minute on a fresh machine) ..."
./mvnw -q -B -pl examples/logback-app,examples/log4j2-app -am package -Dmaven.test.skip=true

for app in logback-app:dev.floodgate.examples.logback.LogbackApp log4j2-app:dev.floodgate.examples.log4j2.Log4j2App; do
  module="${app%%:*}"
  main="${app#*:}"
  (cd "examples/$module" && java -cp "target/classes:$(cat target/classpath.txt)" "$main")
done
