#!/usr/bin/env bash
# tminus with Emacs's Org mode as the oracle (docs/sources.md, "org"): one Org file, two copies;
# `tminus done` marks an entry done in one, Emacs in batch (org-todo, then what its command loop
# runs afterwards: the state-change note) in the other, both at the same fixed time, and the two
# files must be the same byte for byte. Then `undo` against Org's return to TODO. One-offs with
# and without `#+STARTUP: logdone`, the repeaters +1w, ++1m, .+1d (an existing property drawer
# too), a month's end, custom `#+TODO:` keywords, tags Org re-aligns, a file without a final line
# break. Usage: bash Tests/interop/org.sh   (TMINUS_BIN=path; needs emacs-nox and faketime)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${TMINUS_BIN:-$PWD/.build/debug/tminus}
W=$(mktemp -d /tmp/tminus-org.XXXXXX)
trap 'rm -rf "$W"' EXIT
fail() { echo "org: FAIL: $*"; exit 1; }
ok() { echo "org: $*"; }
export TZ=Europe/Berlin HOME="$W/home"
mkdir -p "$HOME"
NOW='2026-11-27 10:00:00'
NOWZ=2026-11-27T09:00:00Z
cat >"$W/mark.el" <<'EL'
(require 'org)
(defun tm-state (file title state)
  (find-file file)
  (goto-char (point-min))
  (re-search-forward (concat "^\\*+ .*" (regexp-quote title)))
  (org-todo state)
  (run-hooks 'post-command-hook)
  (save-buffer))
EL
emacs_state() { timeout 60 faketime "$NOW" emacs --batch -Q -l "$W/mark.el" --eval "(tm-state \"$1\" \"$2\" $3)" >/dev/null 2>&1 </dev/null; }
tm() { timeout 60 "$BIN" --home "$W/home/tminus" --config "$W/config.json" --now "$NOWZ" "$@" </dev/null; }

logdone='#+STARTUP: logdone
'
body='#+TITLE: Tasks
* Intro
Some text, <2026-12-24 Thu> in it.
* TODO [#A] Renew passport :admin:home:
DEADLINE: <2026-11-30 Mon -3d>
Bring the old one.
* TODO Water plants
SCHEDULED: <2026-11-20 Fri +1w>
* TODO Pay rent
DEADLINE: <2026-11-01 Sun 10:00 ++1m>
* TODO Close the books
DEADLINE: <2026-10-31 Sat +1m>
* TODO Stretch
SCHEDULED: <2026-11-25 Wed .+1d>
:PROPERTIES:
:ID: stretch-1
:END:
Ten minutes.
** TODO Warm up
* Meeting <2026-11-27 Fri 14:00-15:00>
* TODO Plain'
custom='#+TODO: NEXT WAIT | DONE CANCELLED
* NEXT Call the bank :money:
SCHEDULED: <2026-11-26 Thu>
* WAIT Hear back
* TODO Not a keyword here'

# One case: FILE CONTENT, TITLE; done in both, compared; then undo against Org's first keyword.
check() {
  local name=$1 content=$2 title=$3 first=${4:-TODO}
  printf '%s' "$content" >"$W/$name.org"
  cp "$W/$name.org" "$W/$name.emacs.org"
  cat >"$W/config.json" <<CONF
{ "sources": [ { "name": "org", "kind": "org", "path": "$W/$name.org" } ] }
CONF
  rm -rf "$W/home/tminus"
  tm list >/dev/null
  tm done "$title" >/dev/null || fail "$name: tminus done $title"
  emacs_state "$W/$name.emacs.org" "$title" "'done"
  cmp -s "$W/$name.org" "$W/$name.emacs.org" || { diff "$W/$name.emacs.org" "$W/$name.org" || true; fail "$name: done of '$title' differs from Emacs (above: < Emacs, > tminus)"; }
  if ! grep -q "^\*.* $first .*$title\|^\* $first $title" "$W/$name.org"; then
    tm undo "$title" >/dev/null || fail "$name: tminus undo $title"
    emacs_state "$W/$name.emacs.org" "$title" "\"$first\""
    cmp -s "$W/$name.org" "$W/$name.emacs.org" || { diff "$W/$name.emacs.org" "$W/$name.org" || true; fail "$name: undo of '$title' differs from Emacs"; }
  fi
}
for t in "Renew passport" "Water plants" "Pay rent" "Close the books" "Stretch" "Warm up" "Plain"; do
  check plain "$body
" "$t"
  check logdone "$logdone$body
" "$t"
done
ok "done and undo of one-offs, +1w, ++1m, +1m at a month's end and .+1d as Emacs writes them, with and without logdone"
check custom "$logdone$custom
" "Call the bank" NEXT
check custom "$custom
" "Hear back" NEXT
ok "a file's own #+TODO keywords: done is the first done keyword, undo the first keyword"
check nobreak "$logdone* TODO Last line" "Last line"
check nobreak2 "* TODO Repeats
SCHEDULED: <2026-11-20 Fri +1w>" "Repeats"
ok "a file without a final line break"

# What tminus adds, Org reads: its agenda lists the new entry with its deadline.
printf '%s\n' "$body" >"$W/add.org"
cat >"$W/config.json" <<CONF
{ "sources": [ { "name": "org", "kind": "org", "path": "$W/add.org" } ] }
CONF
rm -rf "$W/home/tminus"
tm add "Submit thesis" --due 2026-12-01T17:00 --to org >/dev/null
tm todo "Buy stamps" --due 2026-11-29 --priority high --tag errands --to org >/dev/null
got=$(timeout 60 emacs --batch -Q --eval "(progn (require 'org) (find-file \"$W/add.org\")
  (org-map-entries (lambda () (princ (format \"%s|%s|%s|%s|%s\n\" (org-get-todo-state) (org-get-heading t t t t)
    (or (org-entry-get nil \"DEADLINE\") \"\") (or (org-entry-get nil \"SCHEDULED\") \"\") (or (org-entry-get nil \"PRIORITY\") \"\"))))))" 2>/dev/null </dev/null)
grep -qxF 'TODO|Submit thesis|<2026-12-01 Tue 17:00>||B' <<<"$got" || fail "Org does not read tminus's deadline: $got"
grep -qxF 'TODO|Buy stamps||<2026-11-29 Sun>|A' <<<"$got" || fail "Org does not read tminus's todo: $got"
ok "entries tminus adds are read by Org with their keyword, deadline, schedule and priority"

# Under a configured heading (the source's "heading"), against Org's capture (a template with
# file+headline, as Org's manual shows one): the last child of the first heading of that text,
# made at the file's end when there is none.
# (Emacs without faketime here: the capture compares the file's stamp with its own clock.)
cat >"$W/capture.el" <<'EL'
(require 'org)
(require 'org-capture)
(defun tm-capture (file heading entry)
  (let ((org-capture-templates `(("t" "Task" entry (file+headline ,file ,heading) ,entry :immediate-finish t))))
    (org-capture nil "t")))
EL
capture() {
  local name=$1 content=$2
  printf '%s' "$content" >"$W/$name.org"
  cp "$W/$name.org" "$W/$name.emacs.org"
  cat >"$W/config.json" <<CONF
{ "sources": [ { "name": "org", "kind": "org", "path": "$W/$name.org", "heading": "Inbox" } ] }
CONF
  rm -rf "$W/home/tminus"
  tm todo "Buy stamps" --due 2026-11-29 --to org >/dev/null || fail "$name: tminus todo --to org"
  timeout 60 emacs --batch -Q -l "$W/capture.el" \
    --eval "(tm-capture \"$W/$name.emacs.org\" \"Inbox\" \"* TODO Buy stamps\nSCHEDULED: <2026-11-29 Sun>\")" >/dev/null 2>&1 </dev/null
  cmp -s "$W/$name.org" "$W/$name.emacs.org" || { diff "$W/$name.emacs.org" "$W/$name.org" || true; fail "$name: the new entry under Inbox differs from Org's capture (above: < Emacs, > tminus)"; }
}
capture middle '#+TITLE: T
* Inbox
** TODO Old
body
*** TODO Deeper
* Later
** TODO Other
'
capture nested '* Projects
** Inbox :work:
*** TODO Old
** Other
'
capture last '* Notes
* TODO [#A] Inbox
'
capture missing '* Notes
text'
ok "new entries under a configured heading as Org's capture puts them (the heading made when missing)"
echo "org: OK"
