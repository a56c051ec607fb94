#!/usr/bin/env python3
"""`tminus config schema` and `tminus config check` agree, checked by an independent validator
(python3-jsonschema, Draft 7): for every key, values both accept and values both reject; the
schema is a valid Draft 7 schema; `config init`'s file is valid under it.

    TMINUS_BIN=.build/debug/tminus python3 Tests/config/schema.py

Each case is a config of one key; `config check` exits 0 exactly when the schema accepts it.
Every key in the schema needs cases here (a new key without them fails the run). What the
schema cannot say (critical longer than warning, two sources of one name, which source fields
go with which kind, template syntax, a deadline REF naming no item, holidays naming no calendar
source, a workingHours range that ends before it starts) is `config check`'s alone
and stays out of the cases. One difference is known: a source name may hold letters of any
script, which a Draft 7 pattern cannot tell from other non-ASCII characters, so the schema lets
every non-ASCII character through (`config check` then names the one it refuses)."""
import json, os, re, subprocess, sys, tempfile

try:
    import jsonschema
except ImportError:
    if os.environ.get("TMINUS_REQUIRE_JSONSCHEMA"):
        print("FAIL: python3-jsonschema is not installed (Tests/config/PACKAGES)")
        sys.exit(1)
    print("SKIP: python3-jsonschema is not installed (apt-get install python3-jsonschema)")
    sys.exit(0)

BIN = os.environ.get("TMINUS_BIN", ".build/debug/tminus")
tmp = tempfile.mkdtemp(prefix="tminus-schema.")
env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "XDG_CONFIG_HOME": tmp + "/config", "TMINUS_HOME": tmp + "/home", "LANG": "C.UTF-8"}

def tminus(*args):
    return subprocess.run([BIN, *args], env=env, capture_output=True, text=True)

schema = json.loads(tminus("config", "schema").stdout)
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)

# (key, values both accept, values both reject). {"x": 1} is rejected for every key besides.
cases = {
    "$schema": (["./config.schema.json", "file:///usr/share/tminus/config.schema.json"], [5, None]),
    "deadline": (["next"], ["", 0, -3, True, None]),
    "precision": (["auto", "seconds", "minutes", "hours", "days"], ["Auto", "second", 1, None]),
    "warning": (["24h", "2d", "1h30m", 7200, "90 m", "1w"], ["24 hours", "5x", -1, "h", "", True, 1.5]),
    "critical": (["1h", "30m", 0, 60, "45s"], ["soon", -60, "1.5h", None]),
    "overHold": (["1h", 0, "2d"], ["forever", -1, []]),
    "events": (["never", "lead", "always"], ["sometimes", True]),
    "eventLead": (["15m", 0, "1h"], ["soon", -1, []]),
    "overText": (["over", "", "✓ done"], [1, None]),
    "overLongText": (["Deadline is over!"], [False]),
    "clock": (["24h", "12h"], ["13h", "24", 24]),
    "templates": ([{}, {"small": "{icon}", "largeNone": "none"}, {k: "x" for k in ["small", "medium", "large", "smallNone", "mediumNone", "largeNone"]}],
                  [{"tiny": "x"}, {"small": 1}, "x", []]),
    "colors": ([{}, {"none": "#888", "critical": "#bf616a", "ongoing": " #ABCDEF "}],
               [{"urgent": "#ff0000"}, {"normal": "green"}, {"over": "#12345"}, {"over": "#1234567"}, {"warning": 5}]),
    "icons": ([{}, {"none": "∅", "over": ""}], [{"late": "x"}, {"none": 1}]),
    "tags": ([{}, {"school": {}}, {"school": {"color": "#f55", "icon": "🎓"}}],
             [{"school": {"colour": "#f55"}}, {"school": {"color": "red"}}, {"school": "#f55"}, {"school": {"icon": 1}}]),
    "tooltip": (["todos", "agenda", "calendar"], ["month", "", 1]),
    "agendaDays": ([1, 3, 14], [0, 15, "3", 2.5]),
    "colorBy": (["state", "tag"], ["rainbow", True]),
    "maxLength": ([1, 60, 10000], [0, 10001, -5, "60"]),
    "maxTodos": ([0, 10, 100], [101, -1, 1.5]),
    "signals": ([{}, {"waybar": 8}, {"i3blocks": 1, "waybar": 30}], [{"polybar": 3}, {"waybar": 0}, {"waybar": 31}, {"i3blocks": "10"}]),
    "remindersWait": ([True, False], ["true", 1, None]),
    "countUndated": ([True, False], ["yes", 0, None]),
    "progressBar": ([True, False], ["yes", 0]),
    "alerts": ([[], ["1d", "1h", "0"], [0, 3600], ["15m"]], [["1d", "soon"], [-1], "1h", [[]]]),
    "escalate": ([[], ["reminders"], ["alerts", "reminders"], ["alerts", "alerts"]], [["all"], "reminders", [1], [None]]),
    "catchUp": (["24h", 0, "7d"], ["yesterday", -5]),
    "sources": ([[], [{"name": "work", "kind": "vdir", "path": "~/cal/work"}],
                 [{"name": "tw", "kind": "taskwarrior", "filter": "status:pending", "data": "~/.task"}],
                 [{"name": "h", "kind": "ics", "path": "/x.ics", "events": "ignore", "me": "a@b.org", "maxItems": 5}],
                 [{"name": "Köln_2", "kind": "todotxt", "path": "t.txt"}],
                 [{"name": "notes", "kind": "obsidian", "path": "~/Notes", "note": "Inbox/Tasks.md"}]],
                [[{"name": "a b", "kind": "ics", "path": "/x"}], [{"name": "tminus", "kind": "ics", "path": "/x"}],
                 [{"name": "a", "kind": "calendar", "path": "/x"}], [{"kind": "ics", "path": "/x"}], [{"name": "a", "path": "/x"}],
                 [{"name": "a", "kind": "ics", "path": ""}], [{"name": "a", "kind": "ics", "path": "/x", "colour": "red"}],
                 [{"name": "a", "kind": "ics", "path": "/x", "maxItems": 0}], [{"name": "a", "kind": "ics", "path": "/x", "events": "maybe"}],
                 [{"name": "a/b", "kind": "ics", "path": "/x"}], [{"name": "x" * 33, "kind": "ics", "path": "/x"}], ["work"], {}]),
    "workingHours": (["Mon-Fri 09:00-17:00", "mon-fri 9:00-17:00", "Mon, Wed 09:00-12:00, 13:00-17:00",
                      "Mon-Thu 08:00-16:00; Fri 08:00-12:00", "Sat 22:00-24:00; Sun 00:00-06:00", "Monday 09:00-10:00", "FRI-MON 10:00-11:00"],
                     ["", "Mon-Fri", "9-17", "Mon-Fri 09:00-25:00", "Mon-Fri 09:60-17:00", "Mo-Fr 09:00-17:00", "Monxyz 09:00-10:00",
                      "Mon-Fri 09:00-17:00;", "weekdays 09:00-17:00", 5, None]),
    # (A name is checked against sources by config check only: below, with a source.)
    "holidays": ([], [5, None, True, []]),
    "me": (["you@example.org", ["a@b.org", "mailto:C@D.org"]], [5, [1]]),
    "declined": (["hide", "show"], ["dim", 0]),
    "invited": (["dim", "show", "hide"], ["ask", None]),
}

missing = set(schema["properties"]) - set(cases)
extra = set(cases) - set(schema["properties"])
failures = []
if missing: failures.append(f"keys in the schema without cases here: {sorted(missing)}")
if extra: failures.append(f"cases for keys the schema does not have: {sorted(extra)}")

cfg = tmp + "/case.json"
checked = 0
def agree(config, label):
    global checked
    with open(cfg, "w") as f: json.dump(config, f, ensure_ascii=False)
    by_schema = validator.is_valid(config)
    r = tminus("--config", cfg, "config", "check")
    by_check = r.returncode == 0
    checked += 1
    if by_schema != by_check:
        failures.append(f"{label}: {json.dumps(config, ensure_ascii=False)}: schema {'accepts' if by_schema else 'rejects'}, "
                        f"config check {'accepts' if by_check else 'rejects'} ({r.stderr.strip() or r.stdout.strip()})")
    return by_schema

for key, (good, bad) in cases.items():
    for v in good:
        if not agree({key: v}, f"{key} (should pass)"): failures.append(f"{key}: {v!r} was meant to pass")
    for v in bad + [{"x": 1}]:
        if agree({key: v}, f"{key} (should fail)"): failures.append(f"{key}: {v!r} was meant to fail")
agree({"deadlines": "next"}, "an unknown key")
if not agree({"sources": [{"name": "days", "kind": "ics", "path": "/x.ics"}], "holidays": "days"}, "holidays naming a source"):
    failures.append("holidays naming an ics source was meant to pass")

# config init's file (its comments and trailing commas taken out) is valid under the schema
r = tminus("config", "init")
assert r.returncode == 0, r.stderr
text = open(tmp + "/config/tminus/config.json").read()
text = re.sub(r"(?m)^\s*//.*$", "", text)
text = re.sub(r",(\s*[}\]])", r"\1", text)
init = json.loads(text)
errors = [e.message for e in validator.iter_errors(init)]
if errors: failures.append(f"config init's file is not valid under the schema: {errors}")
if set(init) | {"clock", "me", "holidays"} != set(schema["properties"]): failures.append(f"config init lacks keys: {set(schema['properties']) - set(init)}")
if tminus("config", "check").returncode != 0: failures.append("config check rejects config init's file")

subprocess.run(["rm", "-rf", tmp])
for f in failures: print("FAIL:", f)
if failures: sys.exit(1)
from importlib.metadata import version
print(f"PASS: config schema (Draft 7, python3-jsonschema {version('jsonschema')}) and config check agree on {checked} configs, "
      f"{len(cases)} keys; config init's file is valid")
