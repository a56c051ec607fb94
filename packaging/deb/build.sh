#!/usr/bin/env bash
# make deb: dist/tminus_VERSION-1_ARCH.deb from the release tarball's tree (make dist), with
# dpkg-deb: the files where Debian keeps them, the systemd user units calling /usr/bin/tminus,
# the copyright and changelog Debian asks for. lintian clean but for the overrides in
# packaging/deb/lintian-overrides, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
TREE=$(ls -d dist/tminus-*-linux 2>/dev/null | grep -v '\.tar' | head -n 1)
[ -n "$TREE" ] && [ -x "$TREE/bin/tminus" ] || { echo "deb: no release tree in dist/ (make dist)" >&2; exit 1; }
VERSION=$("$TREE/bin/tminus" --version | awk '{print $2}')
ARCH=$(dpkg --print-architecture)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1764547200)}
P=dist/deb/tminus
rm -rf dist/deb && mkdir -p "$P/DEBIAN"
install -D -m 0755 "$TREE/bin/tminus" "$P/usr/bin/tminus"
# Debian ships stripped binaries (the symbols are 40 % of the file); a Swift static executable
# keeps its reflection metadata in sections strip leaves alone.
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$P/usr/bin/tminus"
install -D -m 0644 "$TREE/share/man/man1/tminus.1" "$P/usr/share/man/man1/tminus.1"
gzip -9n "$P/usr/share/man/man1/tminus.1"
install -D -m 0644 "$TREE/share/bash-completion/completions/tminus" "$P/usr/share/bash-completion/completions/tminus"
install -D -m 0644 "$TREE/share/zsh/site-functions/_tminus" "$P/usr/share/zsh/vendor-completions/_tminus"
install -D -m 0644 "$TREE/share/fish/vendor_completions.d/tminus.fish" "$P/usr/share/fish/vendor_completions.d/tminus.fish"
install -D -m 0644 "$TREE/share/tminus/config.schema.json" "$P/usr/share/tminus/config.schema.json"
D=$P/usr/share/doc/tminus
mkdir -p "$D"
cp -r "$TREE/share/doc/tminus/README.md" "$TREE/share/doc/tminus/docs" "$TREE/share/doc/tminus/integrations" "$D/"
# The user units run the packaged binary (the integrations' copies point at ~/.local/bin).
mkdir -p "$P/usr/lib/systemd/user"
for u in "$TREE"/lib/systemd/user/*; do
    sed 's|%h/.local/bin/tminus|/usr/bin/tminus|g' "$u" >"$P/usr/lib/systemd/user/$(basename "$u")"
done
cp packaging/deb/copyright "$D/copyright"
sed "s/@VERSION@/$VERSION/; s/@DATE@/$(date -u -R -d "@$SOURCE_DATE_EPOCH")/" packaging/deb/changelog | gzip -9n >"$D/changelog.Debian.gz"
install -D -m 0644 packaging/deb/lintian-overrides "$P/usr/share/lintian/overrides/tminus"
find "$P/usr/share" "$P/usr/lib" -type f -exec chmod 0644 {} +
find "$P" -type d -exec chmod 0755 {} +
SIZE=$(du -k -s --exclude=DEBIAN "$P" | cut -f1)
sed "s/@VERSION@/$VERSION/; s/@ARCH@/$ARCH/; s/@SIZE@/$SIZE/" packaging/deb/control >"$P/DEBIAN/control"
(cd "$P" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$P/DEBIAN/control" "$P/DEBIAN/md5sums"
find "$P" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
OUT=dist/tminus_${VERSION}-1_${ARCH}.deb
dpkg-deb --root-owner-group -Zxz --build "$P" "$OUT" >/dev/null
echo "$OUT"
