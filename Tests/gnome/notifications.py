# A minimal notification server (org.freedesktop.Notifications) for the gnome test's private bus:
# it writes each Notify's summary to the file given, one line each, and answers as a server with
# actions would. Usage: /usr/bin/python3 Tests/gnome/notifications.py FILE
import sys

from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.Notifications">
<method name="GetCapabilities"><arg type="as" direction="out"/></method>
<method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
<arg type="s" direction="out"/><arg type="s" direction="out"/></method>
<method name="Notify"><arg type="s"/><arg type="u"/><arg type="s"/><arg type="s"/><arg type="s"/><arg type="as"/>
<arg type="a{sv}"/><arg type="i"/><arg type="u" direction="out"/></method>
<method name="CloseNotification"><arg type="u"/></method>
<signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
<signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
</interface></node>"""
out = sys.argv[1]
counter = [0]


def call(connection, sender, path, interface, method, args, invocation):
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body", "actions"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fake", "tminus", "1", "1.2")))
    elif method == "Notify":
        counter[0] += 1
        with open(out, "a", encoding="utf-8") as f:
            f.write(args[3] + "\n")
        invocation.return_value(GLib.Variant("(u)", (counter[0],)))
    else:
        invocation.return_value(None)


def acquired(connection, name):
    connection.register_object("/org/freedesktop/Notifications", Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0],
                               call, None, None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE,
                 acquired, None, None)
GLib.MainLoop().run()
