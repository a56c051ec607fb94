#!/bin/sh
# tminus as a plugin of xbar or SwiftBar (macOS, with tminus built there), Argos (GNOME
# Shell) or Kargos (KDE Plasma): save it as tminus.1s.sh in the plugin folder and make it
# executable (chmod +x). ".1s." runs it every second. The menu shows the deadline and
# today's todos, each with Done and Snooze 1 hour; a title's | is shown as │.
exec tminus show --format xbar
