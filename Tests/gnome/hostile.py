# Puts hostile items into Evolution Data Server through libecal, as a server (Google, a CalDAV
# account) could send them: a title with terminal escapes, bidi overrides and a bar's markup, and
# an event that repeats every second without end.
import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
gi.require_version("ICalGLib", "3.0")
from gi.repository import ECal, EDataServer, ICalGLib  # noqa: E402

registry = EDataServer.SourceRegistry.new_sync(None)
# (A wait of 30 s waits the whole 30 s here: 1 is enough once the factory is up.)
events = ECal.Client.connect_sync(registry.ref_source("system-calendar"), ECal.ClientSourceType.EVENTS, 1, None)
for text in [
    "BEGIN:VEVENT\nUID:gnome-evil\nDTSTAMP:20260301T000000Z\nDTSTART:20260313T100000Z\n"
    "SUMMARY:Evil\x1b]0;owned\x07 \u202e<span>x</span>\nEND:VEVENT\n",
    "BEGIN:VEVENT\nUID:gnome-flood\nDTSTAMP:20260301T000000Z\nDTSTART:20260301T000000Z\n"
    "DURATION:PT1S\nRRULE:FREQ=SECONDLY\nSUMMARY:Flood\nEND:VEVENT\n",
]:
    comp = ICalGLib.Component.new_from_string(text.replace("\n", "\r\n"))
    events.create_object_sync(comp, ECal.OperationFlags.NONE, None)
print("put")
