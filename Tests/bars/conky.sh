#!/usr/bin/env bash
# conky-cli with out_to_console = true, run on what `tminus setup conky --full` prints (the
# config of integrations/conky/conky.conf with this binary's path):
# todos titled  %{A1:touch FILE:}click%{A}  and  ${exec touch FILE}  and a deadline titled
# Thesis $HOME #x  are printed literally, and FILE is never created.
# A control run feeds the same title to conky unescaped and must create FILE, which
# proves this conky really executes ${exec} in execpi output.
source "$(dirname "$0")/lib.sh"
need_bar conky
setup_env
start=$SECONDS

FILE="$TMP/pwned"
tminus add 'Thesis $HOME #x' --due +3h >/dev/null || fail "tminus add"
tminus todo "%{A1:touch $FILE:}click%{A}" >/dev/null || fail "tminus todo 1"
tminus todo "\${exec touch $FILE}" >/dev/null || fail "tminus todo 2"

"$TMINUS" setup conky --full >"$TMP/conky.conf" 2>/dev/null || fail "tminus setup conky"
OUT="$TMP/conky.out"
timeout 15 conky -c "$TMP/conky.conf" -i 3 >"$OUT" 2>"$OUT.err"
rc=$?
[ $rc -eq 0 ] || { cat "$OUT" "$OUT.err"; fail "conky exited $rc"; }
cat "$OUT"
grep -q '^Thesis \$HOME #x · due ' "$OUT"        || fail 'deadline title not shown literally ($HOME or #x changed)'
grep -qxF "• \${exec touch $FILE}" "$OUT"         || fail 'todo ${exec ...} not shown literally'
grep -qxF "• %{A1:touch $FILE:}click%{A}" "$OUT"  || fail 'todo %{A1:...} not shown literally'
grep -Eq '^[0-9]+ hours?( [0-9]+ minutes?)?$' "$OUT" || fail "no countdown line"
sleep 1
[ -e "$FILE" ] && fail "conky ran the title: $FILE was created"

# control: the same title, unescaped, through execpi must run (else this test proves nothing)
cat >"$TMP/control.conf" <<CONF
conky.config = { out_to_console = true, background = false, update_interval = 1 };
conky.text = [[
\${execpi 1 cat $TMP/raw}
]];
CONF
printf '%s\n' "\${exec touch $FILE}" >"$TMP/raw"
timeout 15 conky -c "$TMP/control.conf" -i 2 >/dev/null 2>&1
[ -e "$FILE" ] || fail "control: conky did not execute an unescaped \${exec} (test cannot detect injection)"
echo "PASS: conky ($((SECONDS - start)) s; control run did create the marker, tminus output did not)"
