#!/usr/bin/env python3
"""tminus's working time against an independent count: Python's zoneinfo (the system's zone
files, read by CPython's own code) decides, for every quarter hour between two instants, whether
its local wall time lies in a working range on a day that is not a holiday; `tminus show` with
`{worktime}` at seconds precision must give the same total. Random spans (up to 120 days, so the
count by weeks runs too), working weeks and holidays (as whole-day events of an .ics source, single days and now and then
one of several weeks), in
Los Angeles, Berlin, Lord Howe and Kathmandu, over both DST changes. Ranges begin and end on whole
hours outside 01:00-03:00, where a wall time can be missing or repeated and "is this instant in
working time" and "the range made instants" (tminus's definition) may honestly differ.
Usage: TMINUS_BIN=.build/debug/tminus python3 Tests/oracle/worktime.py"""
import datetime, json, os, random, subprocess, sys, tempfile
from zoneinfo import ZoneInfo

BIN = os.environ.get("TMINUS_BIN", ".build/debug/tminus")
ZONES = ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
STEP = 900
rng = random.Random(20261126)
tmp = tempfile.mkdtemp(prefix="tminus-worktime-")
home, cfgdir = tmp + "/home", tmp + "/config/tminus"
os.makedirs(cfgdir)
env = dict(os.environ, XDG_CONFIG_HOME=tmp + "/config", HOME=tmp, LANG="C.UTF-8")


def tminus(*args, zone, now):
    return subprocess.run([BIN, "--home", home, "--now", now, *args], env=dict(env, TZ=zone), capture_output=True, text=True)


def week():
    """A random working week: {weekday (0 Monday): [(start hour, end hour)]} and its text."""
    spans = {}
    for d in range(7):
        if rng.random() < (0.8 if d < 5 else 0.3):
            hours = sorted(rng.sample([0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], 2 * rng.choice([1, 1, 2])))
            spans[d] = [(hours[i], hours[i + 1]) for i in range(0, len(hours), 2)]
    if not spans: spans[0] = [(9, 17)]
    text = "; ".join(f"{DAYS[d]} " + ",".join(f"{a:02d}:00-{b:02d}:00" for a, b in s) for d, s in spans.items())
    return spans, text


def oracle(zone, start, end, spans, holidays):
    zi = ZoneInfo(zone)
    total = 0
    t = start
    while t < end:
        local = datetime.datetime.fromtimestamp(t, zi)
        if local.date() not in holidays:
            minutes = local.hour * 60 + local.minute
            if any(a * 60 <= minutes < b * 60 for a, b in spans.get(local.weekday(), [])): total += STEP
        t += STEP
    return total


def seconds(text):
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + parts[2] if len(parts) == 3 else parts[0] * 60 + parts[1]


def rfc(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


failures, checked = [], 0
base = int(datetime.datetime(2026, 1, 5, tzinfo=datetime.timezone.utc).timestamp())
first = True
for zone in ZONES:
    for case in range(15):
        spans, text = week()
        start = base + rng.randrange(0, 700 * 86400 // STEP) * STEP
        end = start + rng.randrange(1, (120 if case % 2 else 14) * 86400 // STEP) * STEP
        zi = ZoneInfo(zone)
        d0 = datetime.datetime.fromtimestamp(start, zi).date()
        holidays = {d0 + datetime.timedelta(days=rng.randrange(0, (end - start) // 86400 + 2)) for _ in range(rng.randrange(0, 6))}
        days_off = [(d, 1) for d in sorted(holidays)]
        # Now and then one event of several weeks (a long leave): each of its days is off.
        if case % 3 == 0:
            d = d0 + datetime.timedelta(days=rng.randrange(0, (end - start) // 86400 + 2))
            length = rng.randrange(2, 60)
            days_off.append((d, length))
            holidays |= {d + datetime.timedelta(days=k) for k in range(length)}
        events = "".join(f"BEGIN:VEVENT\r\nUID:h{i}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Day off\r\nDTSTART;VALUE=DATE:{d:%Y%m%d}\r\n"
                         f"DTEND;VALUE=DATE:{d + datetime.timedelta(days=n):%Y%m%d}\r\nEND:VEVENT\r\n" for i, (d, n) in enumerate(days_off))
        with open(tmp + "/holidays.ics", "w", newline="") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tminus oracle//EN\r\n" + events + "END:VCALENDAR\r\n")
        with open(cfgdir + "/config.json", "w") as f:
            json.dump({"workingHours": text, "precision": "seconds", "deadline": "Work", "holidays": "days",
                       "sources": [{"name": "days", "kind": "ics", "path": tmp + "/holidays.ics"}],
                       "templates": {"small": "{worktime}"}}, f)
        now = rfc(start)
        if first:
            r = tminus("add", "Work", "--due", rfc(end), zone=zone, now=now)
            first = False
        else:
            r = tminus("edit", "Work", "--start", now, "--due", rfc(end), zone=zone, now=now)
        if r.returncode != 0:
            failures.append(f"{zone} {text}: {r.stderr.strip()}")
            continue
        r = tminus("show", "--format", "plain", "--family", "small", zone=zone, now=now)
        got = seconds(r.stdout.strip()) if r.returncode == 0 and ":" in r.stdout else None
        want = oracle(zone, start, end, spans, holidays)
        checked += 1
        if got != want:
            failures.append(f"{zone} '{text}' holidays {sorted(map(str, holidays))} from {now} to {rfc(end)}: tminus {r.stdout.strip()!r} "
                            f"({got}), zoneinfo {want}")

subprocess.run(["rm", "-rf", tmp])
for f in failures: print("FAIL:", f)
if failures: sys.exit(1)
print(f"PASS: working time: tminus and Python's zoneinfo agree on {checked} spans in {len(ZONES)} zones (holidays from an .ics source)")
