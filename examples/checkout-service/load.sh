#!/usr/bin/env bash
# The checkout service under a bounded load while its payment service is down: without Floodgate, with it, and with it
# and its throwable converter %fgEx (each stack trace in full once per summary interval).
#
# Builds the service (unless LOAD_NO_BUILD=1), then three times: starts it on 127.0.0.1 (an ephemeral port) with
# floodgate.enabled=false, then =true, then =true with logging.config=classpath:logback-traces.xml and
# logging.exception-conversion-word=%fgEx, its console going to target/load/<run>.log as a container's would; waits until
# it answers; sends WARMUP checkouts (POST /orders/N/payment) so that the JIT has compiled the service's code, then
# REQUESTS more, CONCURRENCY at a time (with curl), each of which fails with a stack trace in the log; stops the
# service (SIGTERM: Spring Boot stops Logback, and Floodgate writes what is pending); and prints, per run, the lines
# and bytes the REQUESTS checkouts and the stop added to the log, and the CPU time the service spent on those
# checkouts (Micrometer's process.cpu.time, read from /actuator/prometheus before and after them).
# Needs a JDK 17+ and curl 7.67+ (for --parallel and --no-progress-meter).
#
#   examples/checkout-service/load.sh [REQUESTS [CONCURRENCY [WARMUP]]]     (default 10000, 4, 10000)
set -euo pipefail
cd "$(dirname "$0")"

requests=${1:-10000}
concurrency=${2:-4}
warmup=${3:-10000}
out=target/load

for tool in java curl; do
    command -v "$tool" > /dev/null || { echo "load.sh: needs $tool on the PATH" >&2; exit 1; }
done
if [ "${LOAD_NO_BUILD:-0}" != 1 ]; then
    echo "Building the checkout service (a few minutes on a fresh machine) ..."
    (cd ../.. && ./mvnw -q -B -pl examples/checkout-service -am package -Dmaven.test.skip=true)
fi
mkdir -p "$out"
classpath="target/classes:$(cat target/classpath.txt)"

pid=""
stop() {
    if [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null; then
        kill -TERM "$pid"
        wait "$pid" || true
    fi
    pid=""
}
trap stop EXIT

# The service's CPU time so far, in nanoseconds (Micrometer's process.cpu.time).
cpu_nanos() {
    curl -sf "http://127.0.0.1:$1/actuator/prometheus" \
        | awk '/^process_cpu_time_ns_total / { printf "%.0f\n", $2 }'
}

# run NAME ENABLED [ARGUMENT...]: one run, with more arguments for the service; sets answered, lines, bytes, cpu_ms and
# wall_s.
run() {
    local name=$1 enabled=$2 log="$out/$1.log" port="" start_lines start_bytes cpu_before cpu_after started
    shift 2
    java -cp "$classpath" dev.floodgate.examples.checkout.CheckoutApplication --server.address=127.0.0.1 \
        --server.port=0 --floodgate.enabled="$enabled" "$@" > "$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 1200); do
        port=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$log")
        [ -n "$port" ] && break
        kill -0 "$pid" 2> /dev/null || { echo "load.sh: the service did not start; see $log" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$port" ] || { echo "load.sh: the service did not start within 2 minutes; see $log" >&2; exit 1; }

    if [ "$warmup" -gt 0 ]; then
        curl -s --no-progress-meter --parallel --parallel-max "$concurrency" -X POST \
            "http://127.0.0.1:$port/orders/[1-$warmup]/payment" > /dev/null
    fi
    start_lines=$(wc -l < "$log")
    start_bytes=$(wc -c < "$log")
    cpu_before=$(cpu_nanos "$port")
    started=$SECONDS
    curl -s --no-progress-meter --parallel --parallel-max "$concurrency" -X POST -w '%{stderr}%{http_code}\n' \
        "http://127.0.0.1:$port/orders/[$((warmup + 1))-$((warmup + requests))]/payment" > /dev/null \
        2> "$out/$name.codes"
    wall_s=$(( SECONDS - started ))
    cpu_after=$(cpu_nanos "$port")
    stop

    answered=$(grep -c '^500$' "$out/$name.codes" || true)
    lines=$(( $(wc -l < "$log") - start_lines ))
    bytes=$(( $(wc -c < "$log") - start_bytes ))
    cpu_ms=$(( (cpu_after - cpu_before) / 1000000 ))
}

echo "The checkout service while its payment service is down:" \
    "$requests checkouts, $concurrency at a time, after $warmup"
run without false
without=("$answered" "$lines" "$bytes" "$cpu_ms" "$wall_s")
run with true
with=("$answered" "$lines" "$bytes" "$cpu_ms" "$wall_s")
run traces true --logging.config=classpath:logback-traces.xml --logging.exception-conversion-word=%fgEx
traces=("$answered" "$lines" "$bytes" "$cpu_ms" "$wall_s")

seconds() { printf "%d.%d s" $(( $1 / 1000 )) $(( $1 % 1000 / 100 )); }
printf "%-26s %18s %18s %18s\n" "" "without Floodgate" "with Floodgate" "and with %fgEx"
printf "%-26s %18d %18d %18d\n" "requests answered 500" "${without[0]}" "${with[0]}" "${traces[0]}"
printf "%-26s %18d %18d %18d\n" "log lines" "${without[1]}" "${with[1]}" "${traces[1]}"
printf "%-26s %18d %18d %18d\n" "log bytes" "${without[2]}" "${with[2]}" "${traces[2]}"
printf "%-26s %18s %18s %18s\n" "CPU time of the service" "$(seconds "${without[3]}")" "$(seconds "${with[3]}")" \
    "$(seconds "${traces[3]}")"
printf "%-26s %18s %18s %18s\n" "time the load took" "${without[4]} s" "${with[4]} s" "${traces[4]} s"
echo "the summaries in $out/with.log:"
grep -o 'Suppressed .*' "$out/with.log" | sed 's/^/  /' || true
