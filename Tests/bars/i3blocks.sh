#!/usr/bin/env bash
# i3blocks, headless: run it with integrations/i3blocks/config, read the i3bar protocol it
# prints on stdout, and check full_text, short_text, color and urgent for a deadline
# titled  Thesis <b>& "draft"  due in 30 minutes (critical). Then the same with
# config.pango: the title must arrive Pango-escaped with "markup":"pango".
source "$(dirname "$0")/lib.sh"
need_bar i3blocks
setup_env

tminus add 'Thesis <b>& "draft"' --due +30m >/dev/null || fail "tminus add"
tminus todo 'Buy milk' >/dev/null || fail "tminus todo"

run_i3blocks() {   # config file, output file
    setsid i3blocks -c "$1" >"$2" 2>"$2.err" </dev/null &
    BG_PIDS+=($!)
    # the header, the opening "[[]" and at least two status lines
    wait_for 8 bash -c "[ \$(grep -c '\"full_text\"' '$2') -ge 2 ]" \
        || { cat "$2" "$2.err"; fail "i3blocks printed no status lines within 8 s"; }
    kill -TERM -- "-${BG_PIDS[-1]}" 2>/dev/null
}

check() {   # output file, expected markup (none|pango)
    python3 - "$1" "$2" "$TMINUS" <<'PY'
import json, re, subprocess, sys
path, markup, tminus = sys.argv[1:4]
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
if markup == "none":
    assert full.startswith('Thesis <b>& "draft" '), f"full_text not literal: {full!r}"
else:
    assert full.startswith("Thesis &lt;b&gt;&amp; &quot;draft&quot; "), f"full_text not Pango-escaped: {full!r}"
    assert b.get("markup") == "pango", f"markup: {b.get('markup')!r}"
# countdown in the last hour: mm:ss, then the todo count
assert re.search(r" [0-9]{2}:[0-9]{2} · 1 todo$", full), f"full_text countdown: {full!r}"
assert re.fullmatch(r"\S+ [0-9]{2}:[0-9]{2}", short), f"short_text: {short!r}"
assert b.get("color", "").lower() == "#bf616a", f"color: {b.get('color')!r}"
assert b.get("urgent") is True, f"urgent: {b.get('urgent')!r}"
PY
}

OUT="$TMP/i3blocks.out"
start=$SECONDS
run_i3blocks "$INTEGRATIONS/i3blocks/config" "$OUT"
check "$OUT" none || { cat "$OUT"; fail "integrations/i3blocks/config"; }
run_i3blocks "$INTEGRATIONS/i3blocks/config.pango" "$OUT.pango"
check "$OUT.pango" pango || { cat "$OUT.pango"; fail "integrations/i3blocks/config.pango"; }
echo "PASS: i3blocks ($((SECONDS - start)) s)"
