#!/usr/bin/env bash
# The packages, as a packager and a user meet them (packaging/):
#  - make dist: the release tarball and its .sha256, which verifies;
#  - make deb: lintian --pedantic clean (overrides only with their reasons); installed with
#    apt-get install ./dist/tminus_*.deb, /usr/bin/tminus runs (--version, demo as a user, the
#    man page, the completions, the user units), the command-line contract runs on it; purged,
#    and no file of it is left;
#  - the PKGBUILDs: makepkg --printsrcinfo for both; the -bin one built with --nodeps from the
#    tarball make dist wrote; with TMINUS_PACKAGES_FROM_SOURCE=1, the source one built with
#    --nodeps from a source tarball of this tree (a full release build, about five minutes: CI
#    leaves it out to stay within its time, since its build() is `make build` and
#    packaging/dist.sh, which the fresh account's `make install` (Tests/install/run.sh) and
#    `make dist` above run); each package built holds the .deb's files (where Arch keeps them);
#  - packaging/nix/default.nix parses (nix-instantiate --parse; it is not built here).
# Needs root (apt-get, a user for makepkg). SCRATCH: where the release build is (default .build).
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "packages: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "packages: SKIP: needs root (apt-get, useradd)"; exit 0; }
for tool in dpkg-deb lintian makepkg fakeroot bsdtar nix-instantiate sha256sum; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (Tests/install/PACKAGES)"
done
start=$SECONDS
make deb SCRATCH="${SCRATCH:-.build}" >/dev/null || fail "make deb"
TARBALL=$(ls dist/tminus-*-linux.tar.gz); DEB=$(ls dist/tminus_*.deb)
VERSION=$(dist/tminus-*-linux/bin/tminus --version | awk '{print $2}')
(cd dist && sha256sum -c --quiet "$(basename "$TARBALL").sha256") || fail "the tarball's checksum does not verify"
echo "ok   make dist: $TARBALL ($(stat -c %s "$TARBALL") bytes), its SHA-256 verifies"

lintian --pedantic --fail-on error,warning,info,pedantic "$DEB" 2>&1 | grep -v 'running with root privileges' || true
lintian --pedantic --fail-on error,warning,info,pedantic "$DEB" >/dev/null 2>&1 || fail "lintian: $DEB is not clean"
echo "ok   make deb: $DEB is lintian --pedantic clean ($(grep -c '^tminus:' packaging/deb/lintian-overrides) overrides, each with its reason)"

dpkg -s tminus >/dev/null 2>&1 && fail "a tminus package is installed already"
W=$(mktemp -d "${TMPDIR:-/tmp}/tminus-packages.XXXXXX")
U=${PACKAGES_USER:-tminuspkg}
cleanup() {
    dpkg -s tminus >/dev/null 2>&1 && apt-get purge -y -qq tminus >/dev/null 2>&1
    id "$U" >/dev/null 2>&1 && userdel -r "$U" >/dev/null 2>&1
    rm -rf "$W"; rm -f /tmp/_home_"$U"_*.lock
}
trap cleanup EXIT
apt-get install -y -qq "./$DEB" >/dev/null 2>&1 || fail "apt-get install ./$DEB"
dpkg -L tminus | while read -r f; do if [ -f "$f" ]; then echo "$f"; fi; done >"$W/files"
[ "$(command -v tminus)" = /usr/bin/tminus ] || fail "tminus is not /usr/bin/tminus"
[ "$(tminus --version)" = "tminus $VERSION" ] || fail "tminus --version: $(tminus --version)"
mkdir -p "$W/home"
HOME=$W/home tminus demo --format waybar >"$W/demo.txt" || fail "tminus demo (the stripped binary)"
grep -q '"class"' "$W/demo.txt" || fail "tminus demo printed no Waybar JSON"
[ "$(man -w tminus)" = /usr/share/man/man1/tminus.1.gz ] || fail "man -w tminus: $(man -w tminus 2>&1)"
[ -z "$(LANG=C MANWIDTH=80 man --warnings tminus 2>&1 >/dev/null)" ] || fail "man tminus warns: $(LANG=C man --warnings tminus 2>&1 >/dev/null | head -3)"
for f in /usr/share/bash-completion/completions/tminus /usr/share/zsh/vendor-completions/_tminus \
         /usr/share/fish/vendor_completions.d/tminus.fish /usr/lib/systemd/user/tminus-notify.service \
         /usr/lib/systemd/user/tminus-privacy.service; do
    [ -s "$f" ] || fail "$f missing"
done
grep -q '^ExecStart=/usr/bin/tminus notify$' /usr/lib/systemd/user/tminus-notify.service || fail "the user unit does not run /usr/bin/tminus"
grep -q '^ExecStart=/usr/bin/tminus privacy watch$' /usr/lib/systemd/user/tminus-privacy.service || fail "the privacy unit does not run /usr/bin/tminus"
if [ -x ../shared/checks/cli-contract ]; then
    TMINUS_BIN=/usr/bin/tminus ../shared/checks/cli-contract | tail -n 1
fi
apt-get purge -y -qq tminus >/dev/null 2>&1 || fail "apt-get purge tminus"
left=$(while read -r f; do if [ -e "$f" ]; then echo "$f"; fi; done <"$W/files")
[ -z "$left" ] || fail "left after purge: $left"
[ ! -e /usr/share/doc/tminus ] || fail "/usr/share/doc/tminus left after purge"
echo "ok   $DEB installs with apt-get, runs (demo, man, completions, user units), purges leaving nothing ($(wc -l <"$W/files") files)"

nix-instantiate --parse packaging/nix/default.nix >/dev/null 2>&1 || fail "packaging/nix/default.nix does not parse"
echo "ok   packaging/nix/default.nix parses (not built here)"

# makepkg as a user (it refuses root), with Debian's makepkg: no pacman, so PACMAN=true and --nodeps.
id "$U" >/dev/null 2>&1 && userdel -r "$U" >/dev/null 2>&1 || true
rm -f /tmp/_home_"$U"_*.lock
useradd --create-home --shell /bin/bash "$U"
mkdir -p "$W/bin" "$W/src"
cp packaging/arch/PKGBUILD packaging/arch/PKGBUILD-bin "$TARBALL" "$TARBALL.sha256" "$W/bin/"
cp packaging/arch/PKGBUILD "$W/src/"
git archive --format=tar --prefix="tminus-$VERSION/" HEAD | gzip -n >"$W/src/tminus-$VERSION.tar.gz"
chmod 755 "$W"; chown -R "$U:" "$W/bin" "$W/src"
as_user() { runuser -u "$U" -- env -i HOME="$(getent passwd "$U" | cut -d: -f6)" LANG=C.UTF-8 PACMAN=true \
    PATH="$(dirname "$(command -v swift)"):/usr/bin:/bin" "$@"; }
for p in PKGBUILD PKGBUILD-bin; do
    info=$(as_user bash -c "cd '$W/bin' && makepkg --printsrcinfo -p $p") || fail "makepkg --printsrcinfo -p $p"
    grep -q "pkgver = $VERSION" <<<"$info" || fail "makepkg --printsrcinfo -p $p: no pkgver $VERSION"
done
as_user bash -c "cd '$W/bin' && makepkg --nodeps -f -p PKGBUILD-bin" >"$W/bin.log" 2>&1 || { tail -n 20 "$W/bin.log"; fail "makepkg -p PKGBUILD-bin"; }
from_source=${TMINUS_PACKAGES_FROM_SOURCE:-0}
if [ "$from_source" = 1 ]; then
    as_user bash -c "cd '$W/src' && makepkg --nodeps -f -p PKGBUILD" >"$W/src.log" 2>&1 || { tail -n 20 "$W/src.log"; fail "makepkg -p PKGBUILD (from source)"; }
fi
# The .deb's files, where Arch keeps them: zsh's site-functions, the licence under licenses
# (makepkg compresses the man page as the .deb has it); Debian's changelog and lintian
# overrides are Debian's own.
dpkg-deb -c "$DEB" | awk '{print $6}' | grep -v '/$' | sed 's|^\./|/|' | grep -v 'changelog.Debian.gz\|lintian/overrides' \
    | sed 's|/usr/share/zsh/vendor-completions/|/usr/share/zsh/site-functions/|; s|/usr/share/doc/tminus/copyright|/usr/share/licenses/tminus/LICENSE|' \
    | sort >"$W/deb.txt"
packages=("$W"/bin/tminus-bin-*.pkg.tar.*)
[ "$from_source" = 1 ] && packages+=("$W"/src/tminus-"$VERSION"-*.pkg.tar.*)
for pkg in "${packages[@]}"; do
    [ -f "$pkg" ] || fail "makepkg wrote no package"
    bsdtar -tf "$pkg" | grep -v '^\.' | grep -v '/$' | sed 's|^|/|' | sort >"$W/arch.txt"
    diff "$W/deb.txt" "$W/arch.txt" >"$W/diff.txt" || { cat "$W/diff.txt"; fail "$(basename "$pkg") holds other files than the .deb"; }
done
if [ "$from_source" = 1 ]; then
    echo "ok   PKGBUILD (from source) and PKGBUILD-bin (the tarball) pass makepkg --printsrcinfo and build with --nodeps; both hold the .deb's files"
else
    echo "ok   PKGBUILD and PKGBUILD-bin pass makepkg --printsrcinfo; PKGBUILD-bin (the tarball) builds with --nodeps and holds the .deb's files (the source build: TMINUS_PACKAGES_FROM_SOURCE=1)"
fi
echo "packages: OK ($((SECONDS - start)) s)"
