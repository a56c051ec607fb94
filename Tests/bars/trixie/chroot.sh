# Debian 13 (trixie) in a folder, for the desktops Debian 12 does not have: GNOME Shell 48 and
# Plasma 6.3. Source it (after ../lib.sh); do not run it. Needs root (debootstrap, chroot,
# unshare). TRIXIE_ROOT picks the folder (default .build-trixie/root in the repository, kept
# between runs: a second run reuses it).
TRIXIE_ROOT=${TRIXIE_ROOT:-$REPO/.build-trixie/root}
TRIXIE_PACKAGES_GNOME="gnome-shell dbus dbus-daemon python3-gi gir1.2-glib-2.0 procps
  evolution-data-server gir1.2-ecal-2.0 gir1.2-edataserver-1.2"
TRIXIE_PACKAGES_PLASMA="xvfb xauth x11-apps plasma-sdk kpackagetool6 plasma-workspace plasma-desktop libplasma6
  qml6-module-org-kde-plasma-plasma5support libplasma5support-data qml6-module-org-kde-kirigami"

# trixie_enter CMD…: CMD in the chroot, in a mount namespace of its own (proc, sys, dev; an empty
# /run, so no logind is seen), with an environment of nothing but PATH, HOME and LANG.
trixie_enter() {
    unshare -m --propagation private /bin/sh -c '
        R=$0
        mount -t proc proc "$R/proc" && mount --rbind /sys "$R/sys" && mount --rbind /dev "$R/dev" &&
        mount -t tmpfs tmpfs "$R/run" || exit 125
        mkdir -p "$R/dev/shm"; mount -t tmpfs -o mode=1777 tmpfs "$R/dev/shm" 2>/dev/null
        exec chroot "$R" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
            DEBIAN_FRONTEND=noninteractive "$@"' "$TRIXIE_ROOT" "$@"
}

# trixie_build: makes the chroot once (about 1.5 minutes and 525 MB from deb.debian.org, 2.1 GB on
# disk); a folder made before is used as it is.
trixie_build() {
    # A chroot made for an older list of packages gets the ones added since.
    if [ -f "$TRIXIE_ROOT/.tminus-ready" ]; then
        [ "$(cat "$TRIXIE_ROOT/.tminus-ready")" = "$TRIXIE_PACKAGES_GNOME $TRIXIE_PACKAGES_PLASMA" ] && return 0
        # shellcheck disable=SC2086
        { trixie_enter apt-get update -q && trixie_enter apt-get install -y -q $TRIXIE_PACKAGES_GNOME $TRIXIE_PACKAGES_PLASMA \
            && trixie_enter apt-get clean; } >>"$TRIXIE_ROOT.log" 2>&1 || { tail -n 20 "$TRIXIE_ROOT.log"; return 1; }
        echo "$TRIXIE_PACKAGES_GNOME $TRIXIE_PACKAGES_PLASMA" >"$TRIXIE_ROOT/.tminus-ready"
        return 0
    fi
    [ "$(id -u)" = 0 ] || { echo "needs root (debootstrap, chroot)"; return 1; }
    command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >/dev/null || return 1
    rm -rf "$TRIXIE_ROOT"; mkdir -p "$(dirname "$TRIXIE_ROOT")"
    debootstrap --variant=minbase trixie "$TRIXIE_ROOT" http://deb.debian.org/debian >"$TRIXIE_ROOT.log" 2>&1 \
        || { tail -n 20 "$TRIXIE_ROOT.log"; return 1; }
    # No services start in the chroot; no recommends.
    printf '#!/bin/sh\nexit 101\n' >"$TRIXIE_ROOT/usr/sbin/policy-rc.d"; chmod +x "$TRIXIE_ROOT/usr/sbin/policy-rc.d"
    echo 'APT::Install-Recommends "false";' >"$TRIXIE_ROOT/etc/apt/apt.conf.d/99norecommends"
    cp /etc/resolv.conf "$TRIXIE_ROOT/etc/resolv.conf"
    # shellcheck disable=SC2086
    { trixie_enter apt-get update -q && trixie_enter apt-get install -y -q $TRIXIE_PACKAGES_GNOME $TRIXIE_PACKAGES_PLASMA \
        && trixie_enter apt-get clean; } >>"$TRIXIE_ROOT.log" 2>&1 || { tail -n 20 "$TRIXIE_ROOT.log"; return 1; }
    echo "$TRIXIE_PACKAGES_GNOME $TRIXIE_PACKAGES_PLASMA" >"$TRIXIE_ROOT/.tminus-ready"
}

# trixie_tminus: puts $TMINUS (a static build: the chroot has no Swift runtime) in the chroot's
# /usr/local/bin, or fails saying how to build one.
trixie_tminus() {
    install -m 755 "$TMINUS" "$TRIXIE_ROOT/usr/local/bin/tminus"
    trixie_enter tminus --version >/dev/null 2>&1 \
        || fail "$TMINUS does not run in the chroot: give a static build (swift build -c release -Xswiftc -static-executable) as TMINUS_BIN"
}

# trixie_test NAME: how each test here starts: root and the chroot (else a skip), the OCR tools, a
# sandbox (setup_env; start, ART), tminus in the chroot, and an empty folder for NAME: IN inside
# the chroot, T the same outside.
trixie_test() {
    [ "$(id -u)" = 0 ] || skip "needs root (chroot, unshare)"
    [ -f "$TRIXIE_ROOT/.tminus-ready" ] || skip "no trixie chroot in $TRIXIE_ROOT (bash Tests/bars/trixie/build.sh makes one)"
    local b
    for b in tesseract convert; do command -v $b >/dev/null || fail "$b missing (see ../PACKAGES)"; done
    setup_env
    start=$SECONDS
    ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"
    trixie_tminus
    IN=/tmp/tminus-$1; T=$TRIXIE_ROOT$IN
    rm -rf "$T"; mkdir -p "$T"; chmod 755 "$T"
}
