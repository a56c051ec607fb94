#!/usr/bin/env python3
"""tminus's recurrence against an independent implementation: Python's recurring-ical-events
(with icalendar), on the files in Tests/oracle/servers. Each file's expected instances (in
servers/expected.txt) are what tminus's own test checks; here the oracle must give the same,
unless the line says `oracle: REASON` (then the difference is reported, and written down in
docs/sources.md). Exit 1 on an unexplained difference.
Usage: python3 Tests/oracle/run.py   (pip install icalendar recurring-ical-events)
       python3 Tests/oracle/run.py --corpus DUMP CORPUS: every event of every calendar in the shared
       corpus and in servers/, as tminus walks them (DUMP, written by OracleDumpTests when
       TMINUS_ORACLE_DUMP names it), against the oracle; differences explained in corpus-explained.txt."""
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


def corpus_oracle(path, cutoff):
    """(uid, instant) pairs of the events overlapping 2020-01-01 .. cutoff, as OracleDumpTests walks them."""
    start = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
    out = set()
    # A file may hold several calendars (libical's test data): tminus reads every component.
    # Each event (its UID's components, with the file's time zones) goes to the oracle alone, so
    # one it cannot read costs only that event; one without DTSTART has no instances for either.
    events = []
    for cal in icalendar.Calendar.from_ical(open(path, "rb").read(), multiple=True):
        # (A bare VEVENT, without VCALENDAR around it, is read as one.)
        parts = cal.subcomponents if cal.name == "VCALENDAR" else [cal]
        zones = [c for c in parts if c.name == "VTIMEZONE"]
        groups = {}
        for c in parts:
            if c.name == "VEVENT":
                # (Components without a UID are separate events, as tminus reads them.)
                uid = str(c.get("UID", ""))
                groups.setdefault(uid if uid else ("", id(c)), []).append(c)
        for key, comps in groups.items():
            uid = key if isinstance(key, str) else ""
            if all("DTSTART" not in c for c in comps):
                continue
            one = icalendar.Calendar()
            if "X-WR-TIMEZONE" in cal:  # (the calendar's zone for floating times goes with its events)
                one.add("X-WR-TIMEZONE", cal["X-WR-TIMEZONE"])
            for c in zones + comps:
                one.add_component(c)
            try:
                events += recurring_ical_events.of(one).between(start, cutoff)
            except Exception as e:
                out.add((uid, f"error: {type(e).__name__}: {e}"[:100]))
    for e in events:
        s = e["DTSTART"].dt
        if isinstance(s, datetime.datetime):
            if s.tzinfo is None:
                s = s.replace(tzinfo=datetime.timezone.utc)
            s = s.astimezone(datetime.timezone.utc)
        else:
            s = datetime.datetime(s.year, s.month, s.day, tzinfo=datetime.timezone.utc)
        if s >= cutoff:
            continue
        out.add((str(e.get("UID", "")), s.strftime("%Y-%m-%dT%H:%M:%SZ")))
    return out


def corpus(dump, shared):
    """Compares OracleDumpTests' file with the oracle, file by file; differences must be listed,
    with their reason, in corpus-explained.txt (path: reason)."""
    explained = {}
    for line in open(os.path.join(os.path.dirname(HERE), "corpus-explained.txt")):
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition(": ")
            explained[name.strip()] = reason.strip()
    files = {}
    current = None
    for line in open(dump):
        if line.startswith("#"):
            continue
        if line.startswith("FILE "):
            _, name, cutoff = line.split()
            current = name
            files[name] = (datetime.datetime.strptime(cutoff, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc), set())
        elif line.strip():
            uid, instant = line.rstrip("\n").split("\t")
            files[current][1].add((uid, instant))
    agree = unexplained = 0
    for name, (cutoff, mine) in sorted(files.items()):
        path = os.path.join(shared, name[len("corpus/"):]) if name.startswith("corpus/") else os.path.join(HERE, name[len("servers/"):])
        try:
            theirs = corpus_oracle(path, cutoff)
        except Exception as e:
            theirs = {("error", f"{type(e).__name__}: {e}"[:120])}
        if mine == theirs:
            agree += 1
            continue
        only_mine = sorted(mine - theirs)[:4]
        only_theirs = sorted(theirs - mine)[:4]
        what = f"tminus only {len(mine - theirs)} {only_mine}, oracle only {len(theirs - mine)} {only_theirs}"
        if name in explained:
            print(f"diff {name}: {explained[name]} ({what})")
        else:
            unexplained += 1
            print(f"FAIL {name}: {what}")
    print(f"oracle corpus: {len(files)} files, {agree} agree, {len(files) - agree - unexplained} explained differences, "
          f"{unexplained} unexplained")
    return unexplained


def main():
    if "--corpus" in sys.argv:
        i = sys.argv.index("--corpus")
        dump, shared = sys.argv[i + 1], sys.argv[i + 2]
        sys.exit(1 if corpus(dump, shared) else 0)
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
