#!/usr/bin/env bash
# Makes the Debian 13 chroot the tests in this folder run in (chroot.sh), if it is not there yet.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/chroot.sh"
start=$SECONDS
trixie_build || fail "the trixie chroot could not be made (log: $TRIXIE_ROOT.log)"
echo "trixie chroot ready in $TRIXIE_ROOT ($((SECONDS - start)) s)"
