# Puts items into Evolution Data Server through libecal, as GNOME Calendar and GNOME To Do do:
# an event, a daily event with one instance moved, an open task and a completed one.
import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
gi.require_version("ICalGLib", "3.0")
from gi.repository import ECal, EDataServer, ICalGLib  # noqa: E402

registry = EDataServer.SourceRegistry.new_sync(None)


def client(uid, kind):
    # (A wait of 30 s waits the whole 30 s here: 1 is enough once the factory is up.)
    return ECal.Client.connect_sync(registry.ref_source(uid), kind, 1, None)


def put(c, text):
    c.create_object_sync(ICalGLib.Component.new_from_string(text.replace("\n", "\r\n")), ECal.OperationFlags.NONE, None)


events = client("system-calendar", ECal.ClientSourceType.EVENTS)
put(events, """BEGIN:VEVENT
UID:gnome-dentist
DTSTAMP:20260301T000000Z
DTSTART:20260312T100000Z
DTEND:20260312T110000Z
SUMMARY:Dentist
END:VEVENT
""")
put(events, """BEGIN:VEVENT
UID:gnome-standup
DTSTAMP:20260301T000000Z
DTSTART:20260302T080000Z
DTEND:20260302T081500Z
RRULE:FREQ=DAILY;COUNT=30
SUMMARY:Standup
END:VEVENT
""")
moved = ICalGLib.Component.new_from_string("""BEGIN:VEVENT
UID:gnome-standup
DTSTAMP:20260301T000000Z
RECURRENCE-ID:20260311T080000Z
DTSTART:20260311T100000Z
DTEND:20260311T101500Z
SUMMARY:Standup (moved)
END:VEVENT
""".replace("\n", "\r\n"))
events.modify_object_sync(moved, ECal.ObjModType.THIS, ECal.OperationFlags.NONE, None)
tasks = client("system-task-list", ECal.ClientSourceType.TASKS)
put(tasks, """BEGIN:VTODO
UID:gnome-taxes
DTSTAMP:20260301T000000Z
DUE:20260315T170000Z
PRIORITY:1
CATEGORIES:money
SUMMARY:File taxes
STATUS:NEEDS-ACTION
END:VTODO
""")
put(tasks, """BEGIN:VTODO
UID:gnome-old
DTSTAMP:20260301T000000Z
SUMMARY:Old chore
STATUS:COMPLETED
COMPLETED:20260302T100000Z
PERCENT-COMPLETE:100
END:VTODO
""")
print("put")
