# Puts one iCalendar component, read from stdin, into GNOME's own calendar ("events") or task
# list ("tasks") through libecal, as GNOME Calendar and GNOME To Do do.
# Usage: /usr/bin/python3 Tests/gnome/put-one.py events|tasks <component.ics
import sys

import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
gi.require_version("ICalGLib", "3.0")
from gi.repository import ECal, EDataServer, ICalGLib  # noqa: E402

uid, kind = {
    "events": ("system-calendar", ECal.ClientSourceType.EVENTS),
    "tasks": ("system-task-list", ECal.ClientSourceType.TASKS),
}[sys.argv[1]]
registry = EDataServer.SourceRegistry.new_sync(None)
# (A wait of 30 s waits the whole 30 s here: 1 is enough once the factory is up.)
client = ECal.Client.connect_sync(registry.ref_source(uid), kind, 1, None)
text = sys.stdin.read().replace("\r\n", "\n").replace("\n", "\r\n")
client.create_object_sync(ICalGLib.Component.new_from_string(text), ECal.OperationFlags.NONE, None)
print("put")
