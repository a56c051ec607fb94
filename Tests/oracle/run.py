#!/usr/bin/env python3
"""tminus's recurrence against an independent implementation: Python's recurring-ical-events
(with icalendar), on the files in Tests/oracle/servers. Each file's expected instances (in
servers/expected.txt) are what tminus's own test checks; here the oracle must give the same,
unless the line says `oracle: REASON` (then the difference is reported, and written down in
docs/sources.md). Exit 1 on an unexplained difference.
Usage: python3 Tests/oracle/run.py   (pip install icalendar recurring-ical-events)"""
import datetime
import os
import sys

try:
    import icalendar
    import recurring_ical_events
except ImportError:
    print("oracle: FAIL: pip install icalendar recurring-ical-events")
    sys.exit(1)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "servers")


def oracle(path):
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    out = []
    for e in recurring_ical_events.of(cal).between(datetime.date(2000, 1, 1), datetime.date(2100, 1, 1)):
        s = e["DTSTART"].dt
        if isinstance(s, datetime.datetime):
            if s.tzinfo is None:
                s = s.replace(tzinfo=datetime.timezone.utc)  # floating: the tests read them in UTC
            out.append(s.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
        else:
            out.append(s.strftime("%Y-%m-%dT00:00:00Z"))  # a date: midnight in the tests' zone, UTC
    return sorted(out)


def main():
    checked = unexplained = explained = 0
    for line in open(os.path.join(HERE, "expected.txt")):
        if not line.strip() or line.startswith("#"):
            continue
        head, _, instants = line.partition(" : ")
        name = head.split()[0]
        reason = head.split("oracle:", 1)[1].strip() if "oracle:" in head else None
        expected = instants.split()
        try:
            got = oracle(os.path.join(HERE, name))
        except Exception as e:  # the oracle cannot read the file
            got = [f"error: {type(e).__name__}: {e}"]
        checked += 1
        if got == expected:
            print(f"ok   {name}")
        elif reason:
            explained += 1
            print(f"diff {name}: {reason} (oracle: {' '.join(got)})")
        else:
            unexplained += 1
            print(f"FAIL {name}: tminus {' '.join(expected)}, oracle {' '.join(got)}")
    print(f"oracle: {checked} files, {checked - explained - unexplained} agree, {explained} explained differences, "
          f"{unexplained} unexplained")
    sys.exit(1 if unexplained else 0)


main()
