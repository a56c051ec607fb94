#!/usr/bin/env bash
# i3blocks, headless: run it with the integrations/i3blocks configs and read the i3bar
# protocol it prints on stdout. A deadline titled  Thesis <b>& "draft"  due in 30 minutes
# (critical), two later ones (Second, Third) and one todo.
#  1. config (one-shot): full_text, short_text, color, urgent; config.pango: the title
#     Pango-escaped with "markup":"pango".
#  2. config, a click written on i3blocks' stdin as i3bar writes it: the block shows the
#     next deadline, exactly one step on (tminus reads BLOCK_BUTTON / button itself).
#  3. config with interval=once and tminus's "signals": {"i3blocks": 10}: `tminus next`
#     refreshes the block at once through signal=10.
#  4. config.persist (--follow, interval=persist, format=json): full_text, short_text,
#     color, urgent, one update per second, `tminus next` shown at once (inotify), and a
#     click on the block cycles (i3blocks >= 1.5 writes it on tminus's stdin; 1.4 sends
#     persistent blocks no clicks (tminus leaves 1.4's shared stdin alone), so there the
#     click must change nothing; 1.4's JSON reader also drops the boolean "urgent" and cuts
#     a title at its first double quote, which is checked as such).
source "$(dirname "$0")/lib.sh"
need_bar i3blocks
setup_env
start=$SECONDS
IB_VERSION=$(i3blocks -V 2>&1 | awk '{print $2; exit}')
echo "i3blocks version: $IB_VERSION"

tminus add 'Thesis <b>& "draft"' --due +30m >/dev/null || fail "tminus add"
tminus add 'Second' --due +2h >/dev/null || fail "tminus add"
tminus add 'Third' --due +3h >/dev/null || fail "tminus add"
tminus todo 'Buy milk' --due today >/dev/null || fail "tminus todo"

# Start i3blocks on a config with a click pipe as its stdin (held open on fd $CLICKS).
start_i3blocks() {   # config file, output file
    rm -f "$2.in"; mkfifo "$2.in"
    exec {CLICKS}<>"$2.in"
    setsid i3blocks -c "$1" >"$2" 2>"$2.err" <"$2.in" &
    BG_PIDS+=($!)
    wait_for 8 bash -c "grep -q '\"name\":\"tminus\"' '$2'" \
        || { cat "$2" "$2.err"; fail "i3blocks printed no tminus block within 8 s ($1)"; }
}
stop_i3blocks() {
    kill -TERM -- "-${BG_PIDS[-1]}" 2>/dev/null
    exec {CLICKS}>&-
    sleep 0.1
}
click() {   # button: what i3bar writes on i3blocks' stdin (the array, then one event per line)
    if [ -z "${CLICKED:-}" ]; then printf '[\n' >&$CLICKS; CLICKED=1; fi
    printf '{"name":"tminus","button":%s,"x":10,"y":10}\n' "$1" >&$CLICKS
}
# The tminus block of the last status line.
last_block() { grep '"name":"tminus"' "$1" | tail -n 1 | sed 's/^,//' | jq -c '.[] | select(.name == "tminus")'; }
shows() {   # output file, title prefix
    last_block "$1" | jq -e --arg p "$2" '.full_text | startswith($p)' >/dev/null 2>&1
}

check() {   # output file, expected markup (none|pango), i3blocks 1.4 persist quirks (quirks|exact)
    python3 - "$1" "$2" "${3:-exact}" <<'PY'
import json, re, sys
path, markup, quirks = sys.argv[1:4]
quirks = quirks == "quirks"
lines = open(path, encoding="utf-8").read().splitlines()
header = json.loads(lines[0])
assert header.get("version") == 1, f"header: {lines[0]}"
assert lines[1].startswith("["), f"no array start: {lines[1]}"
# each update is ",[{...}]" (the first may be "[[]" or "[{...}]")
updates = [json.loads(l.lstrip(",")) for l in lines[2:] if l.strip().lstrip(",").startswith("[")]
blocks = [b for u in updates for b in u if b.get("name") == "tminus"]
assert blocks, f"no tminus block in {lines!r}"
b = blocks[-1]
print("i3blocks block:", json.dumps(b, ensure_ascii=False))
full, short = b["full_text"], b.get("short_text", "")
if quirks:
    # i3blocks 1.4 reads format=json with a parser that ends a string at an escaped quote
    # and ignores JSON booleans: the title is cut at its first '"' and urgent is dropped.
    assert full == 'Thesis <b>& \\', f"full_text (i3blocks 1.4 cuts at the first quote): {full!r}"
    assert "urgent" not in b, f"urgent: {b.get('urgent')!r} (i3blocks 1.4 drops JSON booleans)"
elif markup == "none":
    assert full.startswith('Thesis <b>& "draft" '), f"full_text not literal: {full!r}"
else:
    assert full.startswith("Thesis &lt;b&gt;&amp; &quot;draft&quot; "), f"full_text not Pango-escaped: {full!r}"
    assert b.get("markup") == "pango", f"markup: {b.get('markup')!r}"
# countdown in the last hour: mm:ss, then the todo count
assert quirks or re.search(r" [0-9]{2}:[0-9]{2} · 1 todo$", full), f"full_text countdown: {full!r}"
assert re.fullmatch(r"\S+ [0-9]{2}:[0-9]{2}", short), f"short_text: {short!r}"
assert b.get("color", "").lower() == "#bf616a", f"color: {b.get('color')!r}"
assert quirks or b.get("urgent") is True, f"urgent: {b.get('urgent')!r}"
PY
}

# 1. one-shot configs: the main one as `tminus setup i3blocks` prints it
"$TMINUS" setup i3blocks --full >"$TMP/config.setup" 2>/dev/null || fail "tminus setup i3blocks"
OUT="$TMP/i3blocks.out"
start_i3blocks "$TMP/config.setup" "$OUT"; sleep 1.2; stop_i3blocks
check "$OUT" none || { cat "$OUT"; fail "integrations/i3blocks/config"; }
start_i3blocks "$INTEGRATIONS/i3blocks/config.pango" "$OUT.pango"; sleep 1.2; stop_i3blocks
check "$OUT.pango" pango || { cat "$OUT.pango"; fail "integrations/i3blocks/config.pango"; }

# 2. one-shot click: one step on, not two
CLICKED=
start_i3blocks "$TMP/config.setup" "$OUT.click"
click 1
wait_for 3 shows "$OUT.click" "Second " || { last_block "$OUT.click"; cat "$OUT.click.err"; fail "one-shot: a left click did not show the next deadline"; }
sleep 1.2
shows "$OUT.click" "Second " || { last_block "$OUT.click"; fail "one-shot: a left click cycled more than once"; }
click 3
wait_for 3 shows "$OUT.click" "Thesis " || { last_block "$OUT.click"; fail "one-shot: a right click did not show the previous deadline"; }
stop_i3blocks
echo "one-shot: left click showed Second, right click Thesis again"

# 3. signals: interval=once, so only the signal can refresh the block
sed 's/^interval=1$/interval=once/' "$TMP/config.setup" >"$TMP/config.once"
grep -q '^signal=10$' "$TMP/config.once" || fail "tminus setup i3blocks printed no signal=10"
mkdir -p "$XDG_CONFIG_HOME/tminus"
# tminus signals every i3blocks of this user: never one the user runs for their own bar.
if pgrep -u "$(id -u)" -x i3blocks >/dev/null; then
    echo "signals: SKIP: an i3blocks of yours is running and would get tminus's signal too (run as another user; CI runs as root)"
else
    echo '{"signals": {"i3blocks": 10}}' >"$XDG_CONFIG_HOME/tminus/config.json"
    tminus config check >/dev/null || fail "tminus config check (signals)"
    start_i3blocks "$TMP/config.once" "$OUT.signal"
    t0=$(date +%s%N)
    tminus next >/dev/null || fail "tminus next"
    wait_for 3 shows "$OUT.signal" "Second " || { last_block "$OUT.signal"; fail "signals: tminus next did not refresh an interval=once block"; }
    echo "signals: tminus next reached the interval=once block in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
    stop_i3blocks
    rm -f "$XDG_CONFIG_HOME/tminus/config.json"
    tminus prev >/dev/null
fi

# 4. streaming: config.persist
PERSIST="$INTEGRATIONS/i3blocks/config.persist"
grep -q '^interval=persist$' "$PERSIST" && grep -q '^format=json$' "$PERSIST" || fail "config.persist: not interval=persist + format=json"
if [ "$IB_VERSION" = 1.4 ]; then
    quirks=quirks
else
    quirks=exact
fi
CLICKED=
start_i3blocks "$PERSIST" "$OUT.persist"
sleep 2.2
check "$OUT.persist" none $quirks || { cat "$OUT.persist"; fail "config.persist"; }
n=$(grep '"name":"tminus"' "$OUT.persist" | sed 's/^,//' | jq -r '.[] | select(.name == "tminus") | .short_text' | sort -u | wc -l)
echo "persist: $n different countdowns in about 2 s"
[ "$n" -ge 2 ] || fail "persist: the countdown did not tick (only $n different texts)"
t0=$(date +%s%N)
tminus next >/dev/null || fail "tminus next"
wait_for 2 shows "$OUT.persist" "Second " || { last_block "$OUT.persist"; fail "persist: tminus next was not shown"; }
echo "persist: tminus next shown after $(( ($(date +%s%N) - t0) / 1000000 )) ms"
click 1
if [ "$IB_VERSION" = 1.4 ]; then
    sleep 1.2
    shows "$OUT.persist" "Second " || { last_block "$OUT.persist"; fail "persist on i3blocks 1.4: a click changed the deadline (tminus read i3blocks' own stdin)"; }
    echo "persist: i3blocks 1.4 sends persistent blocks no clicks; the block stayed on Second (as documented)"
else
    wait_for 2 shows "$OUT.persist" "Third " || { last_block "$OUT.persist"; fail "persist: a left click did not show the next deadline"; }
    echo "persist: a left click showed Third"
fi
stop_i3blocks
last_block "$OUT.persist" | grep -q . || fail "persist: no block"
echo "PASS: i3blocks $IB_VERSION ($((SECONDS - start)) s; one-shot, click, signal and persist forms)"
