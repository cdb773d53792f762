#!/usr/bin/env python3
"""Writes the example log of src/docs/cli.md: one hour of a service in Logback's default layout,
with quiet background traffic, two floods and a short burst.

    python3 floodgate-cli/src/test/scripts/example_log.py > app.log
    python3 floodgate-cli/src/test/scripts/example_log.py --hours 50 > gb.log
    python3 floodgate-cli/src/test/scripts/example_log.py --hours 25 --json > gb.json

--hours N repeats the hour N times, one after the other (the size measurements of cli.md); --json writes the
same events as JSON lines in the shape of logstash-logback-encoder's LogstashEncoder, stack traces in stack_trace.

Deterministic: the same seed gives the same file.
"""
import argparse
import datetime
import json
import random
import sys
import uuid

SEED = 20240611
START = datetime.datetime(2024, 5, 1, 9, 0, 0)
HOUR_MS = 3_600_000

BACKGROUND = [
    ("INFO", "c.e.web.OrderController", "GET /api/orders/{} 200 in {}ms"),
    ("INFO", "c.e.web.OrderController", "POST /api/orders 201 in {}ms for customer {}"),
    ("INFO", "c.e.orders.OrderService", "Order {} placed: {} items, total {}.{:02d} EUR"),
    ("INFO", "c.e.orders.OrderService", "Order {} shipped with carrier DHL"),
    ("DEBUG", "c.e.cache.ProfileCache", "Refreshed {} profiles in {}ms"),
    ("INFO", "c.e.auth.LoginService", "User user{} logged in from 10.20.{}.{}"),
    ("WARN", "c.e.auth.LoginService", "Failed login for user{}: bad password"),
    ("INFO", "c.e.billing.InvoiceJob", "Invoice run {} finished: {} invoices"),
    ("INFO", "c.e.search.Indexer", "Indexed {} documents in {}ms"),
    ("WARN", "c.e.web.RateLimiter", "Client 10.30.{}.{} over its quota"),
]
TEMPLATE_WEIGHTS = [30, 8, 8, 6, 4, 6, 2, 1, 3, 1]
LEVEL_VALUES = {"DEBUG": 10000, "INFO": 20000, "WARN": 30000, "ERROR": 40000}

STACK = [
    "org.postgresql.util.PSQLException: Connection to 10.0.3.12:5432 refused.",
    "\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)",
    "\tat org.postgresql.core.ConnectionFactory.openConnection(ConnectionFactory.java:54)",
    "\tat org.postgresql.jdbc.PgConnection.<init>(PgConnection.java:263)",
    "\tat com.zaxxer.hikari.pool.HikariPool.createPoolEntry(HikariPool.java:476)",
    "\tat com.example.orders.OrderRepository.find(OrderRepository.java:88)",
    "Caused by: java.net.ConnectException: Connection refused",
    "\tat java.base/sun.nio.ch.Net.pollConnect(Native Method)",
    "\t... 12 more",
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hours", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    rnd = random.Random(SEED)
    events = []

    def at(ms):
        return ms

    t = 0
    while t < HOUR_MS:  # background: about 2 events a second over ten templates
        t += int(rnd.expovariate(2 / 1000)) + 1
        i = rnd.choices(range(len(BACKGROUND)), TEMPLATE_WEIGHTS)[0]
        level, logger, template = BACKGROUND[i]
        args = [rnd.randint(1, 99) for _ in range(template.count("{"))]
        events.append((t, level, logger, template.format(*args), None))

    def flood(start_s, seconds, per_second, level, logger, make, trace_every=0):
        n = seconds * per_second
        for k in range(n):
            ms = start_s * 1000 + int(k * 1000 / per_second) + rnd.randint(0, 3)
            trace = STACK if trace_every and k % trace_every == 0 else None
            events.append((ms, level, logger, make(k), trace))

    # 09:12:00 - 09:15:30: the database goes away; every connection attempt is logged.
    flood(12 * 60, 210, 400, "WARN", "c.e.db.ConnectionPool",
          lambda k: "Connection to 10.0.3.12:5432 refused (attempt %d), retrying in %dms" % (k, 50 + k % 450))
    flood(12 * 60, 210, 8, "ERROR", "c.e.orders.OrderRepository",
          lambda k: "Could not load order %d: no connection (request %s)" % (rnd.randint(1, 99999),
                                                                             uuid.UUID(int=rnd.getrandbits(128))),
          trace_every=1)
    # 09:25:10: a payment gateway hiccup, 5 seconds of timeouts.
    flood(25 * 60 + 10, 5, 20, "ERROR", "c.e.billing.PaymentClient",
          lambda k: "Payment gateway timeout after 30000ms for order %d" % rnd.randint(1, 99999))
    # 09:40 - 09:47: a cache stampede after a deploy.
    flood(40 * 60, 420, 150, "INFO", "c.e.cache.ProfileCache",
          lambda k: "Cache miss for key user:%d:profile, loading from database" % rnd.randint(1, 500000))

    events.sort(key=lambda e: e[0])
    threads = ["http-nio-8080-exec-%d" % i for i in range(1, 11)] + ["scheduling-1", "pool-2-thread-1"]
    lines = [(ms, rnd.choice(threads), level, logger, msg, trace) for ms, level, logger, msg, trace in events]
    out = sys.stdout
    for hour in range(options.hours):
        for ms, thread, level, logger, msg, trace in lines:
            ts = START + datetime.timedelta(hours=hour, milliseconds=ms)
            if options.json:
                event = {"@timestamp": ts.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d+02:00" % (ts.microsecond // 1000),
                         "@version": "1", "message": msg, "logger_name": logger, "thread_name": thread,
                         "level": level, "level_value": LEVEL_VALUES[level]}
                if trace:
                    event["stack_trace"] = "\n".join(trace)
                out.write(json.dumps(event, separators=(",", ":")) + "\n")
                continue
            out.write("%s.%03d [%s] %-5s %s - %s\n" % (ts.strftime("%H:%M:%S"), ts.microsecond // 1000,
                                                      thread, level, logger, msg))
            if trace:
                out.write("\n".join(trace) + "\n")


if __name__ == "__main__":
    main()
