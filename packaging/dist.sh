#!/usr/bin/env bash
# make dist: the release tarball dist/tminus-VERSION-ARCH-linux.tar.gz and its .sha256, from the
# built static binary ($1): what the Debian package, the PKGBUILD's -bin variant and a user who
# unpacks it by hand all install.
#
#   bin/tminus                                    the static executable
#   share/man/man1/tminus.1                       the man page (tminus manpage)
#   share/bash-completion/completions/tminus      completions (tminus completions bash|zsh|fish)
#   share/zsh/site-functions/_tminus
#   share/fish/vendor_completions.d/tminus.fish
#   share/tminus/config.schema.json               the config's JSON Schema (tminus config schema)
#   share/doc/tminus/                             README.md, LICENSE, docs/, integrations/
#   lib/systemd/user/                             tminus-notify.service (the notifier),
#                                                 tminus-privacy.service (privacy watch)
#
# Reproducible: sorted names, owner 0, every mtime the last commit's (SOURCE_DATE_EPOCH).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:?usage: packaging/dist.sh PATH-TO-THE-BUILT-TMINUS}
[ -x "$BIN" ] || { echo "dist: $BIN is not built (make build)" >&2; exit 1; }
VERSION=$("$BIN" --version | awk '{print $2}')
ARCH=$(uname -m)
NAME=tminus-$VERSION-$ARCH-linux
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1764547200)}
rm -rf "dist/$NAME" "dist/$NAME.tar.gz" "dist/$NAME.tar.gz.sha256"
R=dist/$NAME
install -D -m 0755 "$BIN" "$R/bin/tminus"
mkdir -p "$R/share/man/man1" "$R/share/bash-completion/completions" "$R/share/zsh/site-functions" \
    "$R/share/fish/vendor_completions.d" "$R/share/doc/tminus" "$R/share/tminus" "$R/lib/systemd/user"
"$BIN" manpage >"$R/share/man/man1/tminus.1"
"$BIN" completions bash >"$R/share/bash-completion/completions/tminus"
"$BIN" completions zsh >"$R/share/zsh/site-functions/_tminus"
"$BIN" completions fish >"$R/share/fish/vendor_completions.d/tminus.fish"
"$BIN" config schema >"$R/share/tminus/config.schema.json"
cp README.md LICENSE "$R/share/doc/tminus/"
cp -r docs integrations "$R/share/doc/tminus/"
cp integrations/systemd/tminus-notify.service integrations/systemd/tminus-privacy.service "$R/lib/systemd/user/"
# Documentation is read, not run: every file 0644, every folder 0755.
find "$R/share" "$R/lib" -type f -exec chmod 0644 {} +
find "$R" -type d -exec chmod 0755 {} +
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C dist -cf - "$NAME" | gzip -9n >"dist/$NAME.tar.gz"
(cd dist && sha256sum "$NAME.tar.gz" >"$NAME.tar.gz.sha256")
echo "dist/$NAME.tar.gz"
