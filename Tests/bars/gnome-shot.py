# Saves a screenshot of GNOME Shell (43 to 48) to argv[1], over the session bus: the shell lets a
# caller that owns org.gnome.Screenshot use its screenshot interface. For gnome-shell.sh and
# trixie/gnome-shell.sh.
import sys
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
              GLib.Variant("(su)", ("org.gnome.Screenshot", 4)), None, 0, -1, None)
r = bus.call_sync("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot", "Screenshot",
                  GLib.Variant("(bbs)", (False, False, sys.argv[1])), None, 0, 10000, None)
print(r.unpack())
