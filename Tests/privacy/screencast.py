#!/usr/bin/python3
"""A screen shared through PipeWire as xdg-desktop-portal-wlr shares it: a `Video/Source` node
named `xdpw_stream` that streams the screen (here GStreamer's test picture, through
gstreamer1.0-pipewire's `pipewiresink mode=provide`). It lives until this process ends (SIGTERM).
Usage: /usr/bin/python3 Tests/privacy/screencast.py   (in a session with PipeWire running)"""
import signal
import gi
gi.require_version("Gst", "1.0")
from gi.repository import Gst, GLib

Gst.init(None)
screen = Gst.parse_launch(
    'videotestsrc is-live=true ! video/x-raw,width=320,height=240,framerate=10/1 ! '
    'pipewiresink mode=provide stream-properties="props,media.class=(string)Video/Source,'
    'node.name=(string)xdpw_stream,node.description=(string)Screen"')
screen.set_state(Gst.State.PLAYING)
loop = GLib.MainLoop()
for s in (signal.SIGTERM, signal.SIGINT):
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, s, loop.quit)
print("sharing", flush=True)
loop.run()
screen.set_state(Gst.State.NULL)
