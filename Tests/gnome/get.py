# Reads Evolution Data Server's items back through libecal, as GNOME Calendar and GNOME To Do
# would: one line per item of GNOME's own calendar and task list, "UID|SUMMARY|STATUS|PERCENT|COMPLETED|DUE".
import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
from gi.repository import ECal, EDataServer  # noqa: E402

registry = EDataServer.SourceRegistry.new_sync(None)
for uid, kind in [("system-calendar", ECal.ClientSourceType.EVENTS), ("system-task-list", ECal.ClientSourceType.TASKS)]:
    # (A wait of 30 s waits the whole 30 s here: 1 is enough once the factory is up.)
    # (Tried again a few times: right after a change the factory may take longer than that.)
    for attempt in range(5):
        try:
            client = ECal.Client.connect_sync(registry.ref_source(uid), kind, 1, None)
            break
        except Exception:
            if attempt == 4:
                raise
    ok, comps = client.get_object_list_as_comps_sync("#t", None)
    for c in sorted(comps, key=lambda c: c.get_uid() or ""):
        if c.get_recurid() is not None:
            continue
        # (The component's own lines: what GNOME To Do would store.)
        lines = dict(l.split(":", 1) for l in c.get_as_string().replace("\r\n ", "").split("\r\n") if ":" in l)
        due = next((v for k, v in lines.items() if k == "DUE" or k.startswith("DUE;")), "")
        print("%s|%s|%s|%s|%s|%s" % (c.get_uid(), lines.get("SUMMARY", ""), lines.get("STATUS", ""),
                                     lines.get("PERCENT-COMPLETE", "0"), "COMPLETED" in lines, due))
