#!/usr/bin/env python3
"""Writes the hostile logs of src/docs/cli.md's "Hostile input" section.

    python3 floodgate-cli/src/test/scripts/hostile_log.py distinct > distinct.log
    python3 floodgate-cli/src/test/scripts/hostile_log.py spaces '2024-05-01T10:00:00.123+02:00  INFO 4242 --- [' > spaces.log

distinct: the log of BoundedMemoryTest, in Logback's layout with a date: 100,000 distinct 1,000-character messages
that mask into many tokens (after a distinct word, nine in ten are 500 numbers, one in ten 70 IPv4 addresses), and
after every fifth one a line of one flood (20,000 lines), 5 ms apart.

spaces LINE: 16 lines of 60 KiB, each LINE (e.g. the start of a preset's sample line, as --format list shows it)
followed by spaces up to 60 KiB.
"""
import datetime
import sys

LINE_CHARS = 60 * 1024


def word(i):
    """i in four letters a to z, so that no two messages mask alike."""
    return "".join(chr(ord("a") + i // 26 ** k % 26) for k in range(4))


def distinct(out):
    numbers = " ".join(str(j % 10) for j in range(500)) + " "
    addresses = "".join("10.0.%d.%d " % (j // 256, j % 256) for j in range(200))
    bodies = [addresses] + [numbers] * 9
    start = datetime.datetime(2024, 5, 1, 10, 0, 0)
    for i in range(100_000):
        ts = (start + datetime.timedelta(milliseconds=5 * i)).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]
        message = (word(i) + " " + bodies[i % len(bodies)])[:1000]
        out.write("%s [main] WARN  c.e.App - %s\n" % (ts, message))
        if i % 5 == 0:
            out.write("%s [main] ERROR c.e.Db - Connection to 10.0.0.%d refused\n" % (ts, i % 250))


def spaces(out, start):
    for _ in range(16):
        out.write(start + " " * (LINE_CHARS - len(start)) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["distinct"]:
        distinct(sys.stdout)
    elif sys.argv[1:2] == ["spaces"] and len(sys.argv) == 3:
        spaces(sys.stdout, sys.argv[2])
    else:
        sys.exit(__doc__)
