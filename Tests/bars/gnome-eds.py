# Puts an event starting in 10 minutes into GNOME's own calendar through libecal, as GNOME
# Calendar would (Evolution Data Server, started by the session bus on demand). A calendar's event
# holds the bar from its lead, 15 minutes before it starts (config `events`, `eventLead`): inside it,
# it counts down in the critical colour.
# Usage: /usr/bin/python3 gnome-eds.py TITLE
import datetime
import sys

import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
gi.require_version("ICalGLib", "3.0")
from gi.repository import ECal, EDataServer, ICalGLib  # noqa: E402

start = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=10)
stamp = start.strftime("%Y%m%dT%H%M00Z")
end = (start + datetime.timedelta(hours=1)).strftime("%Y%m%dT%H%M00Z")
registry = EDataServer.SourceRegistry.new_sync(None)
# (Tried again: the calendar factory may still be starting; a wait of 30 s waits the whole 30 s.)
for attempt in range(10):
    try:
        client = ECal.Client.connect_sync(registry.ref_source("system-calendar"), ECal.ClientSourceType.EVENTS, 1, None)
        break
    except Exception:
        if attempt == 9:
            raise
text = "\r\n".join(["BEGIN:VEVENT", "UID:gnome-shell-test", "DTSTAMP:" + stamp, "DTSTART:" + stamp, "DTEND:" + end,
                    "SUMMARY:" + sys.argv[1], "END:VEVENT", ""])
client.create_object_sync(ICalGLib.Component.new_from_string(text), ECal.OperationFlags.NONE, None)
print("put " + stamp)
