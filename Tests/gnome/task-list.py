# Makes a task list in Evolution Data Server (local, as GNOME To Do's "New list" does) and prints
# its UID; with "items UID", prints the summaries of that list's tasks, one per line.
# Usage: /usr/bin/python3 Tests/gnome/task-list.py new NAME | items UID
import sys
import time

import gi

gi.require_version("ECal", "2.0")
gi.require_version("EDataServer", "1.2")
from gi.repository import ECal, EDataServer  # noqa: E402

registry = EDataServer.SourceRegistry.new_sync(None)
if sys.argv[1] == "new":
    source = EDataServer.Source.new(None, None)
    source.set_display_name(sys.argv[2])
    source.set_parent("local-stub")
    task_list = source.get_extension(EDataServer.SOURCE_EXTENSION_TASK_LIST)
    task_list.set_backend_name("local")
    task_list.set_selected(True)
    registry.commit_source_sync(source, None)
    # (The registry takes a moment to list it.)
    for _ in range(50):
        if registry.ref_source(source.get_uid()) is not None:
            break
        time.sleep(0.1)
    print(source.get_uid())
else:
    client = ECal.Client.connect_sync(registry.ref_source(sys.argv[2]), ECal.ClientSourceType.TASKS, 1, None)
    ok, comps = client.get_object_list_as_comps_sync("#t", None)
    for c in comps:
        print(c.get_summary().get_value() if c.get_summary() else "")
