# Makes one change in Evolution Data Server through libecal, as GNOME Calendar would, and says how
# long a follower took to show it: adds the event "Launch" (UID gnome-launch) at the given UTC
# start (20260310T150000Z), then watches the follower's output file for the title; prints the
# seconds from the change's return to the line, or fails after 10 s.
# Usage: /usr/bin/python3 Tests/gnome/change.py START OUTPUT-FILE
import sys
import time

import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
gi.require_version("ICalGLib", "3.0")
from gi.repository import ECal, EDataServer, ICalGLib  # noqa: E402

start, output = sys.argv[1], sys.argv[2]
registry = EDataServer.SourceRegistry.new_sync(None)
# (A wait of 30 s waits the whole 30 s here: 1 is enough once the factory is up.)
client = ECal.Client.connect_sync(registry.ref_source("system-calendar"), ECal.ClientSourceType.EVENTS, 1, None)
text = "\r\n".join(["BEGIN:VEVENT", "UID:gnome-launch", "DTSTAMP:20260301T000000Z", "DTSTART:" + start,
                    "DTEND:" + start, "SUMMARY:Launch", "END:VEVENT", ""])
client.create_object_sync(ICalGLib.Component.new_from_string(text), ECal.OperationFlags.NONE, None)
made = time.monotonic()
while time.monotonic() - made < 10:
    with open(output, encoding="utf-8", errors="replace") as f:
        if "Launch" in f.read():
            print("%.3f" % (time.monotonic() - made))
            sys.exit(0)
    time.sleep(0.02)
print("the follower did not show the change in 10 s")
sys.exit(1)
