#!/usr/bin/env bash
# A fresh account installs tminus with the README's command, as a new user would: a copy of the
# source tree in its home, `make install PREFIX=~/.local` (the static release build, the man page,
# bash/zsh/fish completions), then: the binary runs, `man -l` reads the page, completions load in
# bash (bash-completion's loader), zsh (compinit) and fish and offer commands, options and
# formats; `make uninstall` removes every file. Prints the installed binary's path last (CI runs
# the command-line contract on it). Needs root (useradd) and zsh, fish, bash-completion, man-db.
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "install: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "install: SKIP: needs root to create a fresh account" >&2; exit 0; }
for tool in zsh fish man make runuser useradd; do command -v "$tool" >/dev/null || fail "$tool is not installed"; done
[ -f /usr/share/bash-completion/bash_completion ] || fail "bash-completion is not installed"

U=${INSTALL_USER:-tminusnew}
id "$U" >/dev/null 2>&1 && userdel -r "$U" >/dev/null 2>&1 || true
# SwiftPM leaves lock files in /tmp named after the home (/tmp/_home_USER_…lock): one from an
# earlier account of this name belongs to its old uid, which another account may hold now, and
# the new account could not take the lock.
rm -f /tmp/_home_"$U"_*.lock
useradd --create-home --shell /bin/bash "$U"
UH=$(getent passwd "$U" | cut -d: -f6)
mkdir "$UH/tminus"
tar --exclude='./.build*' --exclude='./Tests/*/out' -cf - . | tar -xf - -C "$UH/tminus"
chown -R "$U:" "$UH/tminus"
# The user's own login environment: HOME, a PATH with the Swift toolchain, nothing of root's.
as_user() { runuser -u "$U" -- env -i HOME="$UH" USER="$U" LANG=C.UTF-8 PATH="$(dirname "$(command -v swift)"):/usr/bin:/bin" "$@"; }

start=$SECONDS
as_user bash -c 'cd ~/tminus && make install PREFIX=~/.local' >"$UH/install.log" 2>&1 \
  || { tail -n 20 "$UH/install.log"; fail "make install PREFIX=~/.local failed"; }
echo "ok   make install PREFIX=~/.local on a fresh account ($((SECONDS - start)) s)"
BIN="$UH/.local/bin/tminus"
as_user "$BIN" --version | grep -q '^tminus ' || fail "the installed binary does not run"
# The user's shell (PATH without ~/.local/bin, as on a fresh account): make install says so and
# prints the line; the README's line, pasted into that same shell, makes tminus found.
grep -qF 'export PATH="'"$UH"'/.local/bin:$PATH"' "$UH/install.log" || { cat "$UH/install.log"; fail "make install did not print the PATH line"; }
line=$(grep -A4 'for the shell you are in' README.md | sed -n 's/^\(export PATH=.*\)$/\1/p' | head -n 1)
[ -n "$line" ] || fail "the README has no PATH line after make install"
[ "$(as_user bash -c "$line; tminus --version")" = "$(as_user "$BIN" --version)" ] || fail "the README's line does not make tminus found: $line"
echo "ok   make install prints the PATH line; the README's, pasted into the same shell, finds tminus"

as_user env MANWIDTH=80 man --warnings -l "$UH/.local/share/man/man1/tminus.1" >"$UH/man.txt" 2>"$UH/man.err" || fail "man -l failed"
[ ! -s "$UH/man.err" ] || { cat "$UH/man.err"; fail "man reports problems in tminus.1"; }
grep -q 'tminus add TITLE' "$UH/man.txt" || fail "the man page lacks the commands"
echo "ok   man -l reads tminus.1 without a warning"

# config init names the schema make install put beside the binary's prefix; setup names the binary.
as_user env XDG_CONFIG_HOME="$UH/.config-test" "$BIN" config init >/dev/null || fail "config init"
grep -qF '"$schema": "file://'"$UH"'/.local/share/tminus/config.schema.json",' "$UH/.config-test/tminus/config.json" \
  || fail "config init does not name the installed schema"
cmp -s <(as_user "$BIN" config schema) "$UH/.local/share/tminus/config.schema.json" || fail "the installed schema is not config schema's"
as_user "$BIN" setup i3blocks 2>/dev/null | grep -qxF "command=$BIN show --format i3blocks" || fail "setup does not name the installed binary"
rm -rf "$UH/.config-test"
echo "ok   config init names ~/.local/share/tminus/config.schema.json; setup names ~/.local/bin/tminus"

# ~/.local/share/tminus is also the data folder: make install made it 0700, as tminus would
# (it keeps a folder's mode, so a 0755 one stayed world-readable), and tminus's home there is private.
mode=$(stat -c %a "$UH/.local/share/tminus")
[ "$mode" = 700 ] || fail "make install left ~/.local/share/tminus mode $mode (the data folder must be 0700)"
as_user "$BIN" todo "Private" >/dev/null || fail "todo in the default home"
mode=$(stat -c %a "$UH/.local/share/tminus/store.json")
[ "$mode" = 600 ] || fail "store.json is mode $mode"
# (That home goes again: uninstall below must leave nothing named tminus.)
find "$UH/.local/share/tminus" -mindepth 1 ! -name config.schema.json -exec rm -rf {} +
echo "ok   make install leaves the data folder ~/.local/share/tminus 0700; the store in it is 0600"

# bash: bash-completion finds it in ~/.local/share/bash-completion/completions by itself.
out=$(as_user bash -c 'source /usr/share/bash-completion/bash_completion; _completion_loader tminus; complete -p tminus
  COMP_WORDS=(tminus sh); COMP_CWORD=1; _tminus; echo "${COMPREPLY[*]}"
  COMP_WORDS=(tminus show --format w); COMP_CWORD=3; _tminus; echo "${COMPREPLY[*]}"')
grep -q 'complete -F _tminus tminus' <<<"$out" || fail "bash: no completion for tminus: $out"
grep -q 'show' <<<"$out" && grep -q 'share' <<<"$out" && grep -q 'waybar' <<<"$out" || fail "bash completes wrongly: $out"
echo "ok   bash: complete -p tminus; tminus sh<TAB> → $(sed -n 2p <<<"$out"); --format w<TAB> → $(sed -n 3p <<<"$out")"

# zsh: compinit picks up _tminus from a directory in fpath.
out=$(as_user zsh -fc 'fpath=(~/.local/share/zsh/site-functions $fpath); autoload -U compinit; compinit -u -d ~/.zcompdump; print -r -- $_comps[tminus]; autoload +X _tminus && print loaded')
[ "$out" = $'_tminus\nloaded' ] || fail "zsh: compinit did not load _tminus: $out"
cp Tests/install/zsh-complete.zsh "$UH/zsh-complete.zsh"
for words in 'tminus sh:share show' 'tminus show --format :conky genmon i3bar i3blocks i3status-rs json pango plain polybar tmux waybar xbar xmobar yambar' 'tminus tag :add edit list ls rm'; do
  as_user zsh -f "$UH/zsh-complete.zsh" "$UH/.local/share/zsh/site-functions" "$UH/zsh.out" "${words%%:*}" >/dev/null 2>&1 || true
  got=$(sort -u "$UH/zsh.out" 2>/dev/null | grep -v '^$' | tr '\n' ' ' | sed 's/ $//')
  [ "$got" = "${words#*:}" ] || fail "zsh: '${words%%:*}<TAB>' offered '$got', not '${words#*:}'"
done
echo "ok   zsh: compinit maps tminus to _tminus; tminus sh<TAB>, show --format <TAB>, tag <TAB> offer commands, formats, subcommands"

# fish: ~/.local/share/fish/vendor_completions.d is on fish's completion path (fish loads a
# command's completions once the command is on PATH, as the README asks).
out=$(as_user env PATH="$UH/.local/bin:/usr/bin:/bin" fish -c 'complete -C"tminus sh"; complete -C"tminus show --format "; complete -C"tminus tag "')
for want in show share waybar i3blocks conky add edit; do
  grep -q "^$want" <<<"$out" || fail "fish: '$want' not offered: $out"
done
echo "ok   fish: tminus sh<TAB>, show --format <TAB>, tag <TAB> offer commands, formats, subcommands"

as_user bash -c 'cd ~/tminus && make uninstall PREFIX=~/.local' >/dev/null
left=$(find "$UH/.local" -name '*tminus*' -o -name 'config.schema.json' | grep -v '/share/fish/generated' || true)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "ok   make uninstall PREFIX=~/.local removes every file"
# Installed again for the command-line contract that CI runs next.
as_user bash -c 'cd ~/tminus && make install PREFIX=~/.local' >/dev/null 2>&1 || fail "second install"
rm -f /tmp/_home_"$U"_*.lock
echo "install: OK"
echo "$BIN"
