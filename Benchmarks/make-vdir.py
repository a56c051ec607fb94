#!/usr/bin/env python3
"""Writes a vdir as khal, todoman and vdirsyncer leave one (Benchmarks/sources.sh, Tests): N item
files in one collection, each a VCALENDAR with one item, CRLF, folded lines:

  - 40 % events khal wrote (TZID=Europe/Berlin with the zone's VTIMEZONE, DTEND, a DESCRIPTION),
    most of them past, some weekly (RRULE) and some ahead;
  - 60 % todos todoman wrote (DUE, PRIORITY, CATEGORIES, STATUS), most of them completed.

usage: make-vdir.py DIR N [--open FRACTION]   (FRACTION of the items open and ahead; default 0.1)
"""
import os, sys, uuid, random, datetime

VTIMEZONE = """BEGIN:VTIMEZONE\r
TZID:Europe/Berlin\r
BEGIN:STANDARD\r
DTSTART:19701025T030000\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
TZNAME:CET\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0100\r
END:STANDARD\r
BEGIN:DAYLIGHT\r
DTSTART:19700329T020000\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
TZNAME:CEST\r
TZOFFSETFROM:+0100\r
TZOFFSETTO:+0200\r
END:DAYLIGHT\r
END:VTIMEZONE\r
"""

def fold(line):
    b = line.encode()
    out, first = [], True
    while b:
        n = 75 if first else 74
        cut = min(n, len(b))
        while cut < len(b) and (b[cut] & 0xC0) == 0x80:
            cut -= 1
        out.append((b"" if first else b" ") + b[:cut])
        b, first = b[cut:], False
    return b"\r\n".join(out).decode() + "\r\n"

def main():
    folder, n = sys.argv[1], int(sys.argv[2])
    open_share = float(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[3] == "--open" else 0.1
    os.makedirs(folder, exist_ok=True)
    rnd = random.Random(42)
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    stamp = now.strftime("%Y%m%dT%H%M%SZ")
    for i in range(n):
        uid = str(uuid.UUID(int=rnd.getrandbits(128))).upper()
        ahead = rnd.random() < open_share
        when = now + datetime.timedelta(days=rnd.randint(1, 90) if ahead else -rnd.randint(1, 700), hours=rnd.randint(0, 10))
        local = when.strftime("%Y%m%dT%H%M00")
        lines = ["BEGIN:VCALENDAR\r\n", "VERSION:2.0\r\n", "PRODID:-//PIMUTILS.ORG//NONSGML khal / icalendar //EN\r\n"]
        if i % 5 < 2:
            lines.append(VTIMEZONE)
            lines += ["BEGIN:VEVENT\r\n", fold("SUMMARY:Meeting %d with the team about the quarterly planning" % i),
                      "DTSTART;TZID=Europe/Berlin:%s\r\n" % local, "DTEND;TZID=Europe/Berlin:%s\r\n" % local,
                      "DTSTAMP:%s\r\n" % stamp, "UID:%s\r\n" % uid,
                      fold("DESCRIPTION:Agenda: numbers\\, plans\\, and a long note that makes this line fold over more than one line of text.")]
            if i % 10 == 0:
                lines.append("RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\n")
            lines.append("END:VEVENT\r\n")
        else:
            lines += ["BEGIN:VTODO\r\n", "UID:%s\r\n" % uid, fold("SUMMARY:Todo number %d: reply to the email about the invoice" % i),
                      "DUE;VALUE=DATE:%s\r\n" % when.strftime("%Y%m%d"), "PRIORITY:%d\r\n" % rnd.choice([0, 1, 5, 9]),
                      "CATEGORIES:work\r\n", "DTSTAMP:%s\r\n" % stamp, "SEQUENCE:1\r\n"]
            if not ahead:
                lines += ["STATUS:COMPLETED\r\n", "COMPLETED:%s\r\n" % stamp, "PERCENT-COMPLETE:100\r\n"]
            else:
                lines.append("STATUS:NEEDS-ACTION\r\n")
            lines.append("END:VTODO\r\n")
        lines.append("END:VCALENDAR\r\n")
        with open(os.path.join(folder, uid + ".ics"), "w", newline="") as f:
            f.write("".join(lines))

main()
