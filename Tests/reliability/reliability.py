#!/usr/bin/env python3
"""tminus's reliability harness: the guarantees of docs/reliability.md, checked on the real binary.

  kill     SIGKILL injected (strace) at every rename, write, pwrite64, fsync, ftruncate, unlink and
           mkdir of every mutating command; after each, the next command must find the old state
           or the new one, nothing doubled, nothing both open and completed, no temp file left,
           and a bar must render the current data.
  cache    the widget cache under the same kills: a bar's poll that kept the hour to come, then a
           command killed at each write, rename and fsync; the next cached poll prints what a full
           run prints on what is on disk.
  full     ENOSPC (a full 64 KB tmpfs) and EROFS (the same tmpfs read-only): every command (and setup --write) fails
           with exit 1 and one line naming a file, and leaves every file byte for byte as it was.
  crowd    100 writers at once: all land, each with its own handle.
  bad      the bad-input corpus (bad-inputs.tsv): no signal, no exit code >= 128, one-line
           messages, files unchanged after a refused input.
  shared   a calendar folder and todo.txt others can write: no setuid/setgid/sticky bits after a
           write, a link in a collection never written through, a racer swapping the todo.txt
           for a link to a victim never gets the victim written.
  twousers the same with two real accounts (made with useradd; as root, as in CI): the owner
           of a group-writable shared folder's files, another member, sets setuid/setgid on them
           and races symlinks to the user's own files while the user's `done` writes back.
  hostile  sources written to exhaust the machine (86,400 instances a day; a million by COUNT
           from 1900; a 15 MB todo.txt; a 64 MB calendar of one component): every read and poll
           under 256 MB (the 64 MB calendar under 200 MB), the home small, the rule, the cap and
           the refused component reported; four readers of a changed big calendar read it once.
  setup    SIGKILL at every write, fsync, rename and mkdir of `tminus setup polybar --write` on a
           user's polybar config (and of a first `setup i3blocks --write` with none): the config
           is the user's whole or with the block appended, every backup is the user's file whole,
           and the next run leaves no temp file and ends with the block appended once; `setup
           gnome` and `setup plasma`'s files are each absent or whole, and whole after the next run.
  ledger   SIGKILL at every write, fsync, ftruncate and rename of `tminus notify --once` sending
           three reminders (through a stand-in notify-send that logs), then a clean run: every
           reminder sent, and twice only where the ledger shows the documented window (a lone
           `sending` left by the killed run); a torn ledger line is cut off.

Usage: reliability.py [--short] [kill|cache|full|crowd|bad|setup|ledger|shared|twousers|hostile ...]   (TMINUS_BIN picks the binary;
       TMINUS_SCENARIOS=done,undo limits the kill sweep to scenarios whose names contain these)
Prints figures per part and exits 1 when any guarantee does not hold.
"""
import atexit
import csv
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("TMINUS_BIN") or os.path.join(ROOT, ".build/debug/tminus")
NOW = "2026-11-22T10:00:00Z"
ENV = {"PATH": "/usr/bin:/bin", "TZ": "Europe/Berlin", "LANG": "C.UTF-8"}
SYSCALLS = ["rename", "renameat", "write", "pwrite64", "fsync", "ftruncate", "unlink", "unlinkat", "mkdir"]
failures = []



class KillPoint:
    """One run of a kill sweep: the `n`th call of a syscall gets SIGKILL; the run says `killed`."""
    def __init__(self, n):
        self.n = n
        self.killed = False


def kill_points(short, cap):
    """Kill points 1, 2, … of one syscall: until a run ends unkilled (the command made fewer such
    calls), at most `cap` when `short`."""
    n = 1
    while True:
        point = KillPoint(n)
        yield point
        if not point.killed or (short and n >= cap):
            return
        n += 1

def fail(part, what):
    failures.append(f"{part}: {what}")
    print(f"  FAIL {what}", flush=True)


def tminus(sandbox, *args, env=None, now=NOW, prefix=()):
    """Runs tminus on a sandbox (home in sandbox/home, config in sandbox/config.json)."""
    cmd = list(prefix) + [BIN, "--home", f"{sandbox}/home", "--config", f"{sandbox}/config.json", "--now", now, *args]
    # In the sandbox: a tminus that mistook "" for a home would take over the working directory.
    return subprocess.run(cmd, capture_output=True, env={**ENV, **(env or {})}, timeout=60, cwd=sandbox)


def ok(sandbox, *args):
    r = tminus(sandbox, *args)
    if r.returncode != 0:
        raise SystemExit(f"setup failed: tminus {' '.join(args)}: {r.returncode} {r.stderr.decode()}")
    return r


def copy(src):
    dst = temp_dir("tminus-rel-")
    shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)
    return dst


def temps(sandbox):
    found = []
    for d in [f"{sandbox}/home", f"{sandbox}/home/cache", sandbox, f"{sandbox}/cal/work"]:
        if os.path.isdir(d):
            found += [n for n in os.listdir(d) if n.startswith(".") and n.endswith(".tmp")]
    return found


def state(sandbox):
    """What a user can observe, keyed so that a fresh id of a new item does not matter: every item
    (by handle) with its fields, the tags, the shown deadline, the config file. Runs the `next
    command` (list), which is also what removes a killed writer's temp files."""
    r = tminus(sandbox, "list", "--all", "--json")
    if r.returncode != 0:
        return {"error": r.stderr.decode().strip()}
    items = json.loads(r.stdout)
    ids = [i["id"] for i in items]
    seen = {}
    for i in items:
        seen.setdefault(i["handle"], []).append(i)
    tags = json.loads(tminus(sandbox, "tag", "list", "--json").stdout or b"[]")
    show = json.loads(tminus(sandbox, "show", "--format", "json").stdout)
    config = open(f"{sandbox}/config.json", "rb").read() if os.path.exists(f"{sandbox}/config.json") else None
    keep = ["kind", "title", "note", "due", "completed", "tag", "starred", "priority", "icon", "start", "remind", "source"]
    return {
        "items": {h: [{k: i.get(k) for k in keep} for i in v] for h, v in seen.items()},
        "files": source_files(sandbox),
        "doubled": len(ids) - len(set(ids)),
        "tags": sorted((t["name"], t["color"]) for t in tags),
        "shown": (show.get("deadline") or {}).get("handle"),
        "config": config,
    }


def source_files(sandbox):
    """Other sources' files, byte for byte: each must be the old one or the new one, whole. A new
    item's file is named by its fresh UID: it is keyed by its title, its UID left out."""
    files = {}
    folder = f"{sandbox}/cal/work"
    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    graph = [f"graph/{d}/{n}" for d in ["journals", "pages"] if os.path.isdir(f"{sandbox}/graph/{d}")
             for n in sorted(os.listdir(f"{sandbox}/graph/{d}"))]
    notes = sorted(n for n in os.listdir(f"{sandbox}/vault") if n.endswith(".md")) if os.path.isdir(f"{sandbox}/vault") else []
    for rel in ["todo.txt", "todo.org"] + [f"cal/work/{n}" for n in names] + graph + [f"vault/{n}" for n in notes]:
        path = f"{sandbox}/{rel}"
        if rel.endswith(".tmp") or not os.path.isfile(path):
            continue
        data = open(path, "rb").read()
        if b"SUMMARY:Ship it" in data or (rel.startswith("graph/journals/") and b"Ship it" in data):
            rel, data = "new item", re.sub(rb"UID:[^\r\n]*", b"UID:x", data)
        files[rel] = data
    return files


def rendered(sandbox):
    """What a bar shows now, and what it would show from a summary rebuilt from the store."""
    now = tminus(sandbox, "show", "--format", "json").stdout
    fresh = copy(sandbox)
    try:
        tminus(fresh, "summary", "--rebuild")
        return now, tminus(fresh, "show", "--format", "json").stdout
    finally:
        shutil.rmtree(fresh, ignore_errors=True)


def seed(base):
    """A home with deadlines, todos (open and completed), tags, a clicked deadline."""
    os.makedirs(base)
    for args in [
        ["tag", "add", "school", "--color", "#ff5555"],
        ["add", "Thesis", "--due", "+5d", "--tag", "school"],
        ["add", "Taxes", "--due", "2026-12-01"],
        ["todo", "Buy milk", "--due", "today"],
        ["todo", "Call mom", "--star"],
        ["todo", "Old"], ["done", "Old"],
        ["todo", "Older"], ["done", "Older"],
        ["next"],
    ]:
        ok(base, *args)
    return base


def legacy(base):
    """A version-2 home (store + archive.jsonl, as tminus 0.1 wrote them) with an item both open
    and completed and one completed twice: the first write migrates and repairs it."""
    os.makedirs(f"{base}/home")
    todo = lambda h, i, t: {"id": f"{i}-1111-4111-8111-111111111111", "handle": h, "title": t, "note": "",
                            "created": "2026-01-02T08:00:00Z", "starred": False, "priority": "none"}
    store = {"version": 2, "nextHandle": 5, "tags": [{"name": "work", "color": "#5e81ac"}], "deadlines": [],
             "todos": [todo(1, "11111111", "Buy milk"), todo(2, "22222222", "Call mom")]}
    json.dump(store, open(f"{base}/home/store.json", "w"))
    with open(f"{base}/home/archive.jsonl", "w") as f:
        for h, i, t, c in [(1, "11111111", "Buy milk", "03"), (3, "33333333", "Old", "03"), (3, "33333333", "Old", "04")]:
            f.write(json.dumps({"todo": {**todo(h, i, t), "completed": f"2026-01-{c}T10:00:00Z"}}) + "\n")
    return base


def sourced(base):
    """A home with sources: a vdir of two todos (as todoman writes them) and a todo.txt."""
    os.makedirs(f"{base}/cal/work")
    todo = lambda uid, title: ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//pimutils.org//todoman//EN\r\nBEGIN:VTODO\r\n"
                               f"UID:{uid}\r\nSUMMARY:{title}\r\nDUE;VALUE=DATE:20261201\r\nX-KEEP;A=\"b;c\":me\r\n"
                               "SEQUENCE:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    open(f"{base}/cal/work/report.ics", "w", newline="").write(todo("report", "Write report"))
    open(f"{base}/cal/work/plants.ics", "w", newline="").write(todo("plants", "Water plants"))
    open(f"{base}/todo.txt", "w").write("(A) 2026-11-01 Call mom +family due:2026-11-25\nBuy milk @errands\n")
    open(f"{base}/config.json", "w").write('{ "sources": [ { "name": "cal", "kind": "vdir", "path": "cal" },'
                                           ' { "name": "txt", "kind": "todotxt", "path": "todo.txt" } ] }')
    ok(base, "todo", "Own todo")
    ok(base, "list")
    return base


def sourced_plain_text(base):
    """A home with an Org file (a one-off and a repeater) and a Logseq graph: their writes go
    through the same crash-safe rewrite as todo.txt's."""
    os.makedirs(f"{base}/graph/journals")
    os.makedirs(f"{base}/graph/pages")
    open(f"{base}/todo.org", "w").write("#+STARTUP: logdone\n* TODO Renew passport :admin:\nDEADLINE: <2026-11-28 Sat>\n"
                                        "* TODO Stretch\nSCHEDULED: <2026-11-20 Fri .+1d>\n")
    open(f"{base}/graph/pages/Trip.md", "w").write("- LATER Pack bags\n  SCHEDULED: <2026-11-26 Thu>\n- Notes\n")
    open(f"{base}/config.json", "w").write('{ "sources": [ { "name": "org", "kind": "org", "path": "todo.org", "heading": "Inbox" },'
                                           ' { "name": "graph", "kind": "logseq", "path": "graph" } ] }')
    ok(base, "list")
    return base


def sourced_synced(base):
    """A sourced home after a sync brought a file into its vdir (aged, so its reading is kept in
    the file cache): the next read folds it in and writes the cache, the store and the summary."""
    sourced(base)
    path = f"{base}/cal/work/synced.ics"
    open(path, "w", newline="").write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:synced\r\n"
                                      "SUMMARY:Synced todo\r\nDUE;VALUE=DATE:20261203\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    old = time.time() - 60
    for p in [path, f"{base}/cal/work", f"{base}/cal"]:
        os.utime(p, (old, old))
    return base


def sourced_replaced(base):
    """A sourced home whose vdir a sync changed where a file was (same UID, another title; every
    file aged, the others kept in the file cache by a read before): the next read patches the
    summary (docs/sources.md, "A sync patches the summary") and writes the file cache."""
    sourced(base)
    work = f"{base}/cal/work"
    old = time.time() - 120
    for p in [f"{work}/report.ics", f"{work}/plants.ics", work, f"{base}/cal", f"{base}/todo.txt"]:
        os.utime(p, (old, old))
    ok(base, "list")
    text = open(f"{work}/report.ics", newline="").read().replace("Write report", "Write the report")
    open(f"{work}/.incoming", "w", newline="").write(text)
    os.rename(f"{work}/.incoming", f"{work}/report.ics")
    newer = time.time() - 60
    for p in [f"{work}/report.ics", work, f"{base}/cal"]:
        os.utime(p, (newer, newer))
    return base


def sourced_removed(base):
    """The same home after a sync removed a file of the vdir: the patch frees its item's handle,
    so the store is committed with the patched summary."""
    sourced_replaced(base)
    work = f"{base}/cal/work"
    ok(base, "list")
    os.unlink(f"{work}/plants.ics")
    newer = time.time() - 30
    for p in [work, f"{base}/cal"]:
        os.utime(p, (newer, newer))
    return base


def sourced_added(base):
    """The same home after a sync brought a new file into the vdir (the others kept in the file
    cache): the patch gives its item a handle and puts its link's line into the store's links,
    committed with the patched summary."""
    sourced_replaced(base)
    work = f"{base}/cal/work"
    ok(base, "list")
    open(f"{work}/.incoming", "w", newline="").write(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:added\r\nSUMMARY:Added todo\r\n"
        "DUE;VALUE=DATE:20261204\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    os.rename(f"{work}/.incoming", f"{work}/added.ics")
    newer = time.time() - 30
    for p in [f"{work}/added.ics", work, f"{base}/cal"]:
        os.utime(p, (newer, newer))
    return base


def sourced_obsidian(base):
    """A sourced home with an Obsidian vault too: a note (CRLF) with a recurring task."""
    sourced(base)
    os.makedirs(f"{base}/vault/.obsidian")
    open(f"{base}/vault/Work.md", "w", newline="").write(
        "# Work\r\n- [ ] Pay rent 🔁 every month 📅 2026-11-30\r\n- [ ] Ring Bo 📅 2026-12-02\r\n")
    open(f"{base}/config.json", "w").write('{ "sources": [ { "name": "cal", "kind": "vdir", "path": "cal" },'
                                           ' { "name": "notes", "kind": "obsidian", "path": "vault" } ] }')
    ok(base, "list")
    return base


def sourced_done(base):
    sourced(base)
    ok(base, "done", "Write report", "Call mom")
    return base


SCENARIOS = [
    ("add", seed, ["add", "New deadline", "--due", "+2d"]),
    ("todo", seed, ["todo", "New todo", "--due", "tomorrow", "--tag", "school"]),
    ("done", seed, ["done", "Buy milk"]),
    ("done two", seed, ["done", "Buy milk", "Call mom"]),
    # By handle: these change only their lines (docs/storage.md, "Changes that touch one line").
    ("done #", seed, ["done", "3"]),
    ("done two #", seed, ["done", "4", "3"]),
    ("edit #", seed, ["edit", "1", "--due", "+1h", "--title", "Sooner"]),
    ("rm open #", seed, ["rm", "4"]),
    ("undo", seed, ["undo", "Old"]),
    ("edit", seed, ["edit", "Thesis", "--title", "Dissertation", "--due", "+6d"]),
    ("rm open", seed, ["rm", "Call mom"]),
    ("rm completed", seed, ["rm", "Older"]),
    ("tag add", seed, ["tag", "add", "home", "--color", "#00ff00"]),
    ("tag edit", seed, ["tag", "edit", "school", "--name", "uni"]),
    ("tag rm", seed, ["tag", "rm", "school"]),
    ("next", seed, ["next"]),
    ("prev", seed, ["prev"]),
    ("privacy on", seed, ["privacy", "on"]),
    ("config init", seed, ["config", "init"]),
    ("summary --rebuild", seed, ["summary", "--rebuild"]),
    ("doctor --repair", legacy, ["doctor", "--repair"]),
    ("migration", legacy, ["todo", "After the migration"]),
    ("first write", lambda b: os.makedirs(b) or b, ["todo", "First"]),
    ("done vdir", sourced, ["done", "Write report"]),
    ("done todo.txt", sourced, ["done", "Call mom"]),
    ("undo sources", sourced_done, ["undo", "Write report", "Call mom"]),
    ("edit sources", sourced, ["edit", "Water plants", "--title", "Water the plants"]),
    ("todo --to vdir", sourced, ["todo", "Ship it", "--due", "2026-12-02", "--to", "cal"]),
    ("rm todo.txt", sourced, ["rm", "Buy milk"]),
    ("fold-in vdir", sourced_synced, ["show", "--format", "json"]),
    ("patch vdir", sourced_replaced, ["show", "--format", "json"]),
    ("patch vdir, a file gone", sourced_removed, ["show", "--format", "json"]),
    ("patch vdir, a new file", sourced_added, ["show", "--format", "json"]),
    ("done org", sourced_plain_text, ["done", "Renew passport"]),
    ("todo --to org", sourced_plain_text, ["todo", "Ship it", "--due", "2026-12-02", "--to", "org"]),
    ("done logseq", sourced_plain_text, ["done", "Pack bags"]),
    ("todo --to logseq", sourced_plain_text, ["todo", "Ship it", "--due", "2026-12-02", "--to", "graph"]),
    ("done obsidian", sourced_obsidian, ["done", "Pay rent"]),
    ("todo --to obsidian", sourced_obsidian, ["todo", "Ring Al", "--due", "2026-12-03", "--to", "notes"]),
]


_templates = []


def temp_dir(prefix="tminus-tpl-"):
    """A temp folder, removed when the harness ends (whatever a scenario did with it)."""
    d = tempfile.mkdtemp(prefix=prefix)
    _templates.append(d)
    return d


atexit.register(lambda: [shutil.rmtree(d, ignore_errors=True) for d in _templates])


# A copied sandbox is another home to tminus: its summary names the template's store (by inode)
# and the template's folders, so the first command in it would read everything again, never the
# paths a command takes in a home it keeps (one line of the store patched, a sync patched into the
# summary, docs/storage.md). So each sweep run starts from a sandbox as its own: a copy read once
# (`list`, which makes its summary its own) where that changes nothing a command sees, or one made
# afresh where the state is a sync not read yet (a read would take it in).
FRESH = ("sourced_synced", "sourced_replaced", "sourced_removed", "sourced_added")
SETTLED = ("seed", "sourced", "sourced_done", "sourced_plain_text", "sourced_obsidian")


def sandbox_for(make, template):
    """A sandbox in the state `template` was made in, as its own home (see FRESH, SETTLED)."""
    if make.__name__ in FRESH:
        return make(temp_dir() + "/s")
    s = copy(template)
    if make.__name__ in SETTLED:
        ok(s, "list")
    return s


def kill_sweep(short):
    print("kill: SIGKILL at every " + ", ".join(SYSCALLS) + " of every mutating command", flush=True)
    runs = lost = doubled = both = leftovers = stale = other = 0
    only = os.environ.get("TMINUS_SCENARIOS")
    for name, make, command in SCENARIOS:
        if only and not any(o in name for o in only.split(",")):
            continue
        template = make(temp_dir() + "/s")
        before = state(sandbox_for(make, template))
        done = sandbox_for(make, template)
        r = tminus(done, *command)
        if r.returncode != 0:
            fail("kill", f"{name}: the command itself fails: {r.stderr.decode().strip()}")
            continue
        after = state(done)
        points = 0
        for syscall in SYSCALLS:
            for point in kill_points(short, 6):
                n = point.n
                s = sandbox_for(make, template)
                r = tminus(s, *command, prefix=["strace", "-f", "-qq", "-o", "/dev/null",
                                                 "-e", f"inject={syscall}:signal=SIGKILL:when={n}"])
                killed = r.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL)
                runs += 1
                got = state(s)
                left = temps(s)
                where = f"{name}, {syscall} #{n}"
                if got.get("error"):
                    fail("kill", f"{where}: the next command failed: {got['error']}")
                    other += 1
                elif got != before and got != after:
                    handles = set(before["items"]) | set(after["items"])
                    missing = [h for h in handles if h not in got["items"]]
                    if missing:
                        lost += 1
                    else:
                        other += 1
                    fail("kill", f"{where}: neither the old state nor the new (missing handles {missing})")
                if got.get("doubled"):
                    doubled += 1
                    fail("kill", f"{where}: an id is there twice")
                if any(len(v) > 1 for v in got.get("items", {}).values()):
                    both += 1
                    fail("kill", f"{where}: an item is both open and completed")
                if left:
                    leftovers += 1
                    fail("kill", f"{where}: temp files outlived the next command: {left}")
                shown, fresh = rendered(s)
                if shown != fresh:
                    stale += 1
                    fail("kill", f"{where}: the bar shows older data than the store holds")
                if not killed and got != after:
                    fail("kill", f"{where}: exit {r.returncode} without the change")
                shutil.rmtree(s, ignore_errors=True)
                point.killed = killed
                points += killed
        print(f"  {name:18s} {points:3d} kill points", flush=True)
    print(f"kill: {runs} runs: {lost} lost, {doubled} doubled, {both} both open and completed, "
          f"{leftovers} with leftover temp files, {stale} stale renders, {other} other", flush=True)


def poll(sandbox, runtime=None, var="XDG_RUNTIME_DIR"):
    """What a bar polling at the real time prints (no --now: only such a poll uses the widget
    cache), through the cache when `runtime` is its folder: the runtime folder, or (`var`
    XDG_CACHE_HOME) the cache folder a session without one keeps it in. (ENV has no HOME: without
    `runtime` nothing is kept, the full run.)"""
    cmd = [BIN, "--home", f"{sandbox}/home", "--config", f"{sandbox}/config.json", "show", "--format", "waybar"]
    env = {**ENV, **({var: runtime} if runtime else {})}
    return subprocess.run(cmd, capture_output=True, env=env, timeout=60, cwd=sandbox).stdout


CACHED = ["todo", "done", "edit", "next", "tag edit", "summary --rebuild"]


def cache_sweep(short):
    """The widget cache (docs/widget-cache.md) under kills: a bar's cache holds the hour to come,
    then a mutating command is killed at each write, rename and fsync (the first 6 of each with
    --short, else 16); the next cached poll prints exactly what a full run prints on what is on
    disk (never a kept output from before a change the disk holds)."""
    print("cache: the bar's kept outputs against the kill points of " + ", ".join(CACHED), flush=True)
    runs = stale = 0
    points = 6 if short else 16
    for name, make, command in SCENARIOS:
        if name not in CACHED:
            continue
        template = make(temp_dir() + "/s")
        # A sandbox per kill point, each with a bar that kept its outputs. (A copy's summary names
        # the template's store, so its first poll folds it in anew; files changed in the last 2
        # whole seconds are not trusted by the cache, so the poll that keeps comes after 3 s.)
        # (The fsync kills' bars keep in the cache folder of a session without a runtime folder.)
        sandboxes = {}
        var = {"write": "XDG_RUNTIME_DIR", "rename": "XDG_RUNTIME_DIR", "fsync": "XDG_CACHE_HOME"}
        for syscall in ["write", "rename", "fsync"]:
            for n in range(1, points + 1):
                s = copy(template)
                os.makedirs(f"{s}/run", mode=0o700)
                poll(s, f"{s}/run", var[syscall])
                sandboxes[(syscall, n)] = s
        time.sleep(3.1)
        for (syscall, _), s in sandboxes.items():
            poll(s, f"{s}/run", var[syscall])
            if not os.listdir(f"{s}/run/tminus"):
                fail("cache", f"{name}: the poll kept nothing")
        for syscall in ["write", "rename", "fsync"]:
            for n in range(1, points + 1):
                s = sandboxes[(syscall, n)]
                cmd = [BIN, "--home", f"{s}/home", "--config", f"{s}/config.json", *command]
                r = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"inject={syscall}:signal=SIGKILL:when={n}"] + cmd,
                                   capture_output=True, env=ENV, timeout=60, cwd=s)
                runs += 1
                cached, full = poll(s, f"{s}/run", var[syscall]), poll(s)
                if cached != full:
                    stale += 1
                    fail("cache", f"{name}, {syscall} #{n}: the cached poll prints {cached[:120]!r}, a full run {full[:120]!r}")
                if r.returncode not in (-signal.SIGKILL, 128 + signal.SIGKILL):
                    break
        for s in sandboxes.values():
            shutil.rmtree(s, ignore_errors=True)
    print(f"cache: {runs} runs: {stale} cached polls that differ from a full run", flush=True)


def snapshot(home):
    out = {}
    for d, _, files in os.walk(home):
        for f in files:
            p = os.path.join(d, f)
            if f == ".lock":
                continue
            out[os.path.relpath(p, home)] = open(p, "rb").read()
    return out


MUTATING = [(make, c) for _, make, c in SCENARIOS if make in (seed, legacy, sourced, sourced_done, sourced_obsidian)]


def fill(mnt):
    """Fills the tmpfs to its last byte (a filler file written in blocks, then byte by byte)."""
    fd = os.open(f"{mnt}/filler", os.O_WRONLY | os.O_CREAT)
    for size in (4096, 1):
        try:
            while True:
                os.write(fd, b"x" * size)
        except OSError:
            pass
    os.close(fd)


def empty(mnt):
    """The 64 KB tmpfs again, with nothing in it."""
    subprocess.run(["mount", "-o", "remount,size=64k", mnt], check=True)
    for name in os.listdir(mnt):
        path = os.path.join(mnt, name)
        shutil.rmtree(path) if os.path.isdir(path) else os.unlink(path)


def full_disk():
    if os.geteuid() != 0:
        print("full: skipped (mounting a tmpfs needs root; CI runs it)")
        return
    print("full: ENOSPC on a full 64 KB tmpfs, then EROFS on it read-only", flush=True)
    mnt = temp_dir("tminus-tmpfs-")
    refused = 0
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", mnt], check=True)
        for label, mode in [("ENOSPC", "full"), ("EROFS", "ro")]:
            for make, command in MUTATING:
                empty(mnt)
                make(f"{mnt}/s")
                if mode == "full":
                    fill(mnt)
                else:
                    subprocess.run(["mount", "-o", "remount,ro", mnt], check=True)
                before = snapshot(f"{mnt}/s")
                r = tminus(f"{mnt}/s", *command)
                lines = r.stderr.decode().splitlines()
                where = f"{label} {' '.join(command)}"
                if r.returncode != 1:
                    fail("full", f"{where}: exit {r.returncode}, not 1 ({r.stderr.decode().strip()})")
                elif len(lines) != 1 or not lines[0].startswith("tminus: ") or "/s/" not in lines[0]:
                    fail("full", f"{where}: not one line naming the file: {lines}")
                if snapshot(f"{mnt}/s") != before:
                    fail("full", f"{where}: the files changed")
                refused += 1
                if mode == "ro":
                    subprocess.run(["mount", "-o", "remount,rw", mnt], check=True)
                else:
                    os.unlink(f"{mnt}/filler")
                # 64 KB is only just enough for the home: give room for the retry.
                subprocess.run(["mount", "-o", "remount,size=4m", mnt], check=True)
                # With room again, the same command works and nothing was lost.
                if tminus(f"{mnt}/s", *command).returncode != 0:
                    fail("full", f"{where}: fails even with room again")
        # Only the source's disk is full (the home has room): the write-back fails in one line,
        # and the bar and list keep working (the change is dropped, the todo stays open). For a
        # todo.txt, an Org file, a Logseq graph and an Obsidian vault (their writes share one atomic rewrite).
        plain = [("todotxt", "todo.txt", {"todo.txt": "Buy milk\nCall mom due:2026-11-25\n"}, "todo.txt", "x "),
                 ("org", "todo.org", {"todo.org": "* TODO Buy milk\n* TODO Call mom\nDEADLINE: <2026-11-25 Wed>\n"},
                  "todo.org", "* DONE Buy milk"),
                 ("logseq", "graph", {"graph/pages/Shop.md": "- LATER Buy milk\n", "graph/journals/2026_11_22.md": "- TODO Call mom\n"},
                  "graph/pages/Shop.md", "- DONE Buy milk"),
                 ("obsidian", "vault", {"vault/Shop.md": "# Shop\n- [ ] Buy milk 📅 2026-11-28\n", "vault/Home.md": "- [ ] Call mom\n"},
                  "vault/Shop.md", "# Shop\n- [x] Buy milk 📅 2026-11-28 ✅")]
        for kind, path, files, changed, done_text in plain:
            empty(mnt)
            s = temp_dir("tminus-full-source-")
            for rel, text in files.items():
                os.makedirs(os.path.dirname(f"{mnt}/{rel}"), exist_ok=True)
                open(f"{mnt}/{rel}", "w").write(text)
            open(f"{s}/config.json", "w").write('{ "sources": [ { "name": "src", "kind": "%s", "path": "%s/%s" } ] }' % (kind, mnt, path))
            ok(s, "list")
            fill(mnt)
            r = tminus(s, "done", "Buy milk")
            if r.returncode != 1 or len(r.stderr.decode().splitlines()) != 1:
                fail("full", f"done on a full {kind} source disk: exit {r.returncode}, {r.stderr.decode().strip()!r}")
            for command in (["show"], ["list"], ["show", "--format", "waybar"]):
                r = tminus(s, *command)
                if r.returncode != 0 or "⚠" in r.stdout.decode() or b"Buy milk" not in tminus(s, "list").stdout:
                    fail("full", f"{' '.join(command)} after a {kind} write-back on a full disk: exit {r.returncode} {r.stdout.decode().strip()!r}")
            if tminus(s, "doctor").returncode != 0:
                fail("full", f"doctor after a {kind} write-back on a full disk")
            os.unlink(f"{mnt}/filler")
            if tminus(s, "done", "Buy milk").returncode != 0 or not open(f"{mnt}/{changed}").read().startswith(done_text):
                fail("full", f"done on the {kind} source with room again")
            shutil.rmtree(s, ignore_errors=True)
            refused += 1
        # `setup polybar --write` with the bar's config on the full (then read-only) disk: one
        # line naming the file, exit 1, the user's config and folder as they were (no backup, no
        # temp file); with room again it appends the block once and keeps the backup.
        mine = b"[bar/main]\nmodules-right = date\n"
        for label, mode in [("ENOSPC", "full"), ("EROFS", "ro")]:
            empty(mnt)
            s = temp_dir("tminus-full-setup-")
            os.makedirs(f"{mnt}/xdg/polybar")
            open(f"{mnt}/xdg/polybar/config.ini", "wb").write(mine)
            env = {"XDG_CONFIG_HOME": f"{mnt}/xdg", "HOME": s}
            command = ["setup", "polybar", "--write", "--binary", "/usr/bin/tminus"]
            if mode == "full":
                fill(mnt)
            else:
                subprocess.run(["mount", "-o", "remount,ro", mnt], check=True)
            before = snapshot(f"{mnt}/xdg")
            r = tminus(s, *command, env=env)
            lines = r.stderr.decode().splitlines()
            where = f"{label} setup polybar --write"
            if r.returncode != 1 or len(lines) != 1 or "config.ini" not in lines[0]:
                fail("full", f"{where}: exit {r.returncode}, stderr {lines}")
            if snapshot(f"{mnt}/xdg") != before:
                fail("full", f"{where}: the bar's config folder changed: {sorted(snapshot(f'{mnt}/xdg'))}")
            if mode == "ro":
                subprocess.run(["mount", "-o", "remount,rw", mnt], check=True)
            else:
                os.unlink(f"{mnt}/filler")
            subprocess.run(["mount", "-o", "remount,size=4m", mnt], check=True)
            if tminus(s, *command, env=env).returncode != 0:
                fail("full", f"{where}: fails even with room again")
            names = sorted(os.listdir(f"{mnt}/xdg/polybar"))
            now = open(f"{mnt}/xdg/polybar/config.ini", "rb").read()
            if names != ["config.ini", "config.ini.tminus-backup"] or not now.startswith(mine) or now.count(b"tminus") < 1:
                fail("full", f"{where}: with room again: files {names}")
            elif open(f"{mnt}/xdg/polybar/config.ini.tminus-backup", "rb").read() != mine:
                fail("full", f"{where}: the backup is not the user's file")
            shutil.rmtree(s, ignore_errors=True)
            refused += 1
    finally:
        subprocess.run(["umount", mnt])
        os.rmdir(mnt)
    print(f"full: {refused} refused writes checked (four with only a source's disk full: todo.txt, Org, Logseq, Obsidian; two of setup --write)", flush=True)


def crowd(short):
    count = 30 if short else 100
    print(f"crowd: {count} writers at once", flush=True)
    s = temp_dir("tminus-crowd-")
    seed(f"{s}/s")
    procs = [subprocess.Popen([BIN, "--home", f"{s}/s/home", "--now", NOW, "todo", f"Parallel {i}"], env=ENV, cwd=s,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for i in range(count)]
    codes = [p.wait() for p in procs]
    if any(codes):
        fail("crowd", f"exit codes {sorted(set(codes))}")
    items = json.loads(tminus(f"{s}/s", "list", "--json").stdout)
    titles = [i["title"] for i in items if i["title"].startswith("Parallel ")]
    handles = [i["handle"] for i in items]
    if sorted(titles) != sorted(f"Parallel {i}" for i in range(count)):
        fail("crowd", f"{count - len(set(titles))} writes lost")
    if len(handles) != len(set(handles)):
        fail("crowd", "a handle given twice")
    if tminus(f"{s}/s", "doctor").returncode != 0:
        fail("crowd", "doctor finds a problem afterwards")
    shutil.rmtree(s, ignore_errors=True)
    print(f"crowd: {len(set(titles))} of {count} landed, handles unique: {len(handles) == len(set(handles))}", flush=True)


def unescape(text):
    return text.encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8", "surrogateescape")


def bad_inputs():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bad-inputs.tsv")
    rows = [r for r in csv.reader(open(path, encoding="utf-8"), delimiter="\t") if r and not r[0].startswith("#")]
    print(f"bad: {len(rows)} bad inputs", flush=True)
    template = seed(temp_dir("tminus-bad-") + "/s")
    signals = high = multiline = changed = refused = 0
    for row in rows:
        expect, setup, content, args = (row + ["", "", "", ""])[:4]
        s = copy(template)
        # A copy has new inodes, so its summary no longer matches the store's stamp: the first
        # read rebuilds it (as after restoring a home from a backup). Settle that before the case.
        tminus(s, "show")
        env = {}
        if setup == "env":
            k, _, v = unescape(content).partition("=")
            env[k] = v
        elif setup:
            target = f"{s}/config.json" if setup == "config" else f"{s}/home/{setup}"
            if setup.startswith("repeat:"):
                _, name, times, piece = setup.split(":", 3)
                target = f"{s}/config.json" if name == "config" else f"{s}/home/{name}"
                data = unescape(content).replace("@", unescape(piece) * int(times))
            else:
                data = unescape(content)
            with open(target, "wb") as f:
                f.write(data.encode("utf-8", "surrogateescape"))
        before = snapshot(s)
        argv = [unescape(a) for a in shlex.split(args)]
        home = ["--home", f"{s}/home"] if "--home" not in argv else []
        cmd = [BIN, *home, "--config", f"{s}/config.json", "--now", NOW, *argv]
        r = subprocess.run(cmd, capture_output=True, env={**ENV, **env}, timeout=60, cwd=s)
        lines = r.stderr.decode("utf-8", "replace").splitlines()
        where = f"[{expect}] {setup} {args}"
        if r.returncode < 0:
            signals += 1
            fail("bad", f"{where}: killed by signal {-r.returncode}")
        elif r.returncode >= 128:
            high += 1
            fail("bad", f"{where}: exit {r.returncode}")
        if len(lines) > 1 or (r.returncode != 0 and (len(lines) != 1 or not lines[0].startswith("tminus: "))):
            multiline += 1
            fail("bad", f"{where}: stderr is not one line: {lines[:3]}")
        if expect in ("1", "2") and str(r.returncode) != expect:
            fail("bad", f"{where}: exit {r.returncode}, expected {expect}: {lines}")
        if r.returncode != 0:
            refused += 1
            if snapshot(s) != before:
                changed += 1
                fail("bad", f"{where}: files changed after a refused input")
        shutil.rmtree(s, ignore_errors=True)
    print(f"bad: {len(rows)} inputs, {refused} refused: {signals} signals, {high} exit codes >= 128, "
          f"{multiline} messages not one line, {changed} refused inputs that changed a file", flush=True)


def ledger(short):
    print("ledger: SIGKILL at every write, fsync, ftruncate and rename of notify --once", flush=True)
    base = temp_dir("tminus-ledger-tpl-") + "/s"
    os.makedirs(base + "/bin")
    fake = base + "/bin/notify-send"
    # Logs the summary (the argument after --) and prints an id, as notify-send does.
    open(fake, "w").write('#!/bin/sh\nwhile [ "$1" != "--" ]; do shift; done\necho "$2" >> "$LEDGER_LOG"\necho 7\n')
    os.chmod(fake, 0o755)
    open(base + "/config.json", "w").write("{}")
    for title in ["Train", "Dentist", "Rent"]:
        ok(base, "remind", title, "--in", "1m")
    later = "2026-11-22T10:05:00Z"
    runs = lost = doubled = windows = 0
    for syscall in ["write", "fsync", "ftruncate", "rename"]:
        for point in kill_points(short, 8):
            n = point.n
            s = copy(base)
            log = s + "/sent.log"
            env = {"PATH": s + "/bin:/usr/bin:/bin", "LEDGER_LOG": log}
            r = tminus(s, "notify", "--once", env=env, now=later,
                       prefix=["strace", "-qq", "-o", "/dev/null", "-e", f"inject={syscall}:signal=SIGKILL:when={n}"])
            killed = r.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL)
            runs += 1
            again = tminus(s, "notify", "--once", env=env, now=later)
            where = f"{syscall} #{n}"
            if again.returncode != 0:
                fail("ledger", f"{where}: the next notifier failed: {again.stderr.decode().strip()}")
            sent = open(log).read().split("\n")[:-1] if os.path.exists(log) else []
            lines = open(s + "/home/reminders.jsonl").read().split("\n") if os.path.exists(s + "/home/reminders.jsonl") else []
            if lines and lines[-1] != "":
                fail("ledger", f"{where}: the ledger ends in a torn line after a clean run")
            for title in ["Train", "Dentist", "Rent"]:
                count = sent.count(title)
                sendings = sum(1 for l in lines if f'"title":"{title}"' in l and '"state":"sending"' in l)
                if count == 0:
                    lost += 1
                    fail("ledger", f"{where}: {title} was never sent")
                elif count > 1 and sendings < count:
                    doubled += 1
                    fail("ledger", f"{where}: {title} was sent {count} times outside the window")
                elif count > 1:
                    windows += 1
            shutil.rmtree(s, ignore_errors=True)
            point.killed = killed
    print(f"ledger: {runs} runs: {lost} lost, {doubled} sent twice outside the window, "
          f"{windows} sent twice inside it (killed between the hand-over and the record)", flush=True)


def shared_folder(short):
    """A calendar collection and a todo.txt in a folder others can write: the new file never gets
    setuid/setgid/sticky bits, a file that is a link is not written through, and a racer that swaps
    the file for a link to a victim file while tminus writes never gets the victim written."""
    tries = 50 if short else 200
    print(f"shared: special mode bits, links in a collection, a racer for {tries} tries", flush=True)
    s = temp_dir("tminus-shared-")
    sourced(f"{s}/s")
    base = f"{s}/s"
    # 1. setuid/setgid/sticky on the user's calendar file and todo.txt: gone after a write.
    os.chmod(f"{base}/cal/work/report.ics", 0o6775)
    os.chmod(f"{base}/todo.txt", 0o7664)
    tminus(base, "done", "Write report")
    tminus(base, "done", "Buy milk")
    for f, want in [("cal/work/report.ics", 0o775), ("todo.txt", 0o664)]:
        mode = os.stat(f"{base}/{f}").st_mode & 0o7777
        if mode != want:
            fail("shared", f"{f}: mode {oct(mode)} after a write, expected {oct(want)}")
    # 2. A file in the collection that is a link to a file outside it: read, never written.
    victim = f"{s}/victim.ics"
    open(victim, "w", newline="").write(open(f"{base}/cal/work/plants.ics", newline="").read())
    os.unlink(f"{base}/cal/work/plants.ics")
    os.symlink(victim, f"{base}/cal/work/plants.ics")
    before = open(victim, "rb").read()
    r = tminus(base, "done", "Water plants")
    if r.returncode == 0 or open(victim, "rb").read() != before or len(r.stderr.decode().splitlines()) != 1:
        fail("shared", f"done through a link in a collection: exit {r.returncode}, {r.stderr.decode().strip()!r}")
    if not os.path.islink(f"{base}/cal/work/plants.ics"):
        fail("shared", "the link in the collection was replaced")
    os.unlink(f"{base}/cal/work/plants.ics")
    # 3. The racer: while `done` and `undo` run, the todo.txt is swapped for a link to a victim.
    victim = f"{s}/bashrc"
    open(victim, "w").write("export SECRET=1\n")
    original = "(A) 2026-11-01 Call mom +family due:2026-11-25\nBuy milk @errands\n"
    written = 0
    for i in range(tries):
        open(f"{base}/todo.txt", "w").write(original)
        tminus(base, "list")
        proc = subprocess.Popen([BIN, "--home", f"{base}/home", "--config", f"{base}/config.json", "--now", NOW,
                                 "done", "Call mom"], env=ENV, cwd=base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Swap as fast as possible until tminus is done: a link, the file, a link...
        link = f"{base}/.racer-link"
        keep = f"{base}/.racer-keep"
        while proc.poll() is None:
            try:
                os.symlink(victim, link)
                os.rename(f"{base}/todo.txt", keep)
                os.rename(link, f"{base}/todo.txt")
                os.rename(keep, f"{base}/todo.txt") if os.path.exists(keep) else None
            except OSError:
                pass
        for leftover in (link, keep):
            if os.path.lexists(leftover):
                os.unlink(leftover)
        if open(victim).read() != "export SECRET=1\n":
            written += 1
            open(victim, "w").write("export SECRET=1\n")
        if os.path.islink(f"{base}/todo.txt"):
            os.unlink(f"{base}/todo.txt")
    if written:
        fail("shared", f"the racer got the victim written {written} times in {tries}")
    shutil.rmtree(s, ignore_errors=True)
    print(f"shared: modes kept without special bits, the link refused, the victim written 0 times in {tries} races", flush=True)


RACER = r"""
import os, sys, time
folder, victim, stop = sys.argv[1:4]
end = time.time() + 20
target, link, keep = folder + "/todo.txt", folder + "/.racer-link", folder + "/.racer-keep"
while not os.path.exists(stop) and time.time() < end:
    try:
        os.symlink(victim, link)
        os.rename(target, keep)
        os.rename(link, target)
        if os.path.exists(keep):
            os.rename(keep, target)
    except OSError:
        pass
for leftover in (link, keep):
    if os.path.lexists(leftover):
        os.unlink(leftover)
"""


def two_users(short):
    """A group-writable shared folder between two real accounts: alice runs tminus, mallory (the
    other member) owns the files there, sets setuid/setgid on them and races symlinks to alice's
    files while alice's `done` writes back."""
    if os.geteuid() != 0:
        print("twousers: skipped (needs root to make the accounts; CI runs it)", flush=True)
        return
    tries = 30 if short else 200
    print(f"twousers: alice and mallory sharing a folder, setuid by mallory, a racer for {tries} tries", flush=True)
    if subprocess.run(["getent", "group", "tminus-share"], capture_output=True).returncode != 0:
        subprocess.run(["groupadd", "tminus-share"], check=True)
    for user in ("tminus-alice", "tminus-mallory"):
        if subprocess.run(["id", user], capture_output=True).returncode != 0:
            subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", "-G", "tminus-share", user], check=True)
    import grp
    import pwd
    alice, mallory = pwd.getpwnam("tminus-alice"), pwd.getpwnam("tminus-mallory")
    share = grp.getgrnam("tminus-share").gr_gid
    s = temp_dir("tminus-2u-")
    os.chmod(s, 0o755)
    binary = f"{s}/tminus"
    shutil.copy(BIN, binary)
    os.chmod(binary, 0o755)
    base = f"{s}/alice"
    shared = f"{s}/shared"
    os.makedirs(f"{base}/home")
    os.makedirs(f"{shared}/cal/work")
    for d in (shared, f"{shared}/cal", f"{shared}/cal/work"):
        os.chown(d, mallory.pw_uid, share)
        os.chmod(d, 0o2775)

    def as_user(u, *args, **kw):
        return subprocess.run(list(args), user=u.pw_uid, group=u.pw_gid, extra_groups=[share], capture_output=True,
                              env={**ENV, "HOME": u.pw_dir}, timeout=60, **kw)

    def alice_tminus(*args, popen=False):
        cmd = [binary, "--home", f"{base}/home", "--config", f"{base}/config.json", "--now", NOW, *args]
        kw = dict(user=alice.pw_uid, group=alice.pw_gid, extra_groups=[share], env={**ENV, "HOME": base}, cwd=base)
        if popen:
            return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
        return subprocess.run(cmd, capture_output=True, timeout=60, **kw)

    def mallory_writes(path, text, mode):
        as_user(mallory, "sh", "-c", 'printf "%s" "$1" > "$2" && chmod "$3" "$2"', "sh", text, path, oct(mode)[2:])

    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:report\r\nSUMMARY:Write report\r\n"
           "DUE;VALUE=DATE:20261201\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    original = "(A) 2026-11-01 Call mom +family due:2026-11-25\nBuy milk @errands\n"
    mallory_writes(f"{shared}/cal/work/report.ics", ics, 0o6775)
    mallory_writes(f"{shared}/todo.txt", original, 0o6775)
    open(f"{base}/config.json", "w").write(json.dumps({"sources": [
        {"name": "cal", "kind": "vdir", "path": f"{shared}/cal"}, {"name": "txt", "kind": "todotxt", "path": f"{shared}/todo.txt"}]}))
    victim = f"{base}/.bashrc"
    open(victim, "w").write("export SECRET=1\n")
    for root, dirs, files in os.walk(base):
        for name in dirs + files:
            os.chown(os.path.join(root, name), alice.pw_uid, alice.pw_gid)
    os.chown(base, alice.pw_uid, alice.pw_gid)
    os.chmod(base, 0o700)
    # 1. setuid/setgid by mallory: alice's write-back never makes a special-mode file she owns.
    for title in ("Write report", "Buy milk"):
        r = alice_tminus("done", title)
        if r.returncode != 0:
            fail("twousers", f"done {title}: {r.stderr.decode().strip()}")
    for f in ("cal/work/report.ics", "todo.txt"):
        st = os.stat(f"{shared}/{f}")
        if st.st_mode & 0o7000:
            fail("twousers", f"{f}: mode {oct(st.st_mode & 0o7777)} owned by uid {st.st_uid} after alice's write")
    # 2. The racer, as mallory, while alice's `done` writes the todo.txt back.
    written = refused = 0
    stop = f"{s}/stop"
    for i in range(tries):
        if os.path.lexists(f"{shared}/todo.txt"):
            os.unlink(f"{shared}/todo.txt")
        mallory_writes(f"{shared}/todo.txt", original, 0o664)
        alice_tminus("list")
        if os.path.exists(stop):
            os.unlink(stop)
        racer = subprocess.Popen(["/usr/bin/python3", "-c", RACER, shared, victim, stop], user=mallory.pw_uid, group=mallory.pw_gid,
                                 extra_groups=[share], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proc = alice_tminus("done", "Call mom", popen=True)
        refused += proc.wait(timeout=60) != 0
        open(stop, "w").close()
        racer.wait(timeout=30)
        if open(victim).read() != "export SECRET=1\n":
            written += 1
            open(victim, "w").write("export SECRET=1\n")
    if written:
        fail("twousers", f"mallory's racer got alice's file written {written} times in {tries}")
    print(f"twousers: no special mode bits on alice's write-backs; her file written 0 times in {tries} races "
          f"(her done refused {refused} times, the racer's link in place)", flush=True)
    two_users_links(s, shared, victim, original, as_user, alice_tminus, mallory_writes, mallory, share)
    shutil.rmtree(s, ignore_errors=True)


HELD_RACER = r"""
import os, sys, time
folder, victim, stop, original = sys.argv[1:5]
end = time.time() + 20
target, link, fresh = folder + "/todo.txt", folder + "/.racer-link", folder + "/.racer-fresh"
while not os.path.exists(stop) and time.time() < end:
    try:
        os.symlink(victim, link)
        os.rename(link, target)
        time.sleep(0.002)
        with open(fresh, "w") as f:
            f.write(original)
        os.rename(fresh, target)
        time.sleep(0.001)
    except OSError:
        pass
for leftover in (link, fresh):
    if os.path.lexists(leftover):
        os.unlink(leftover)
"""


def two_users_links(s, shared, victim, original, as_user, alice_tminus, mallory_writes, mallory, share):
    """Mallory lays links instead of racing a write: the todo.txt replaced by a link to alice's
    ~/.bashrc (kept there, and held 2 ms at a time while alice reads and adds), the collection folder
    replaced by a link to alice's ~/.config/autostart. A link mallory owns is never followed."""
    secret = "export SECRET=1\n"
    todo = f"{shared}/todo.txt"
    if os.path.lexists(todo):
        os.unlink(todo)
    as_user(mallory, "ln", "-s", victim, todo)
    listed = alice_tminus("list", "--json")
    if b"SECRET" in listed.stdout:
        fail("twousers", "alice's list shows her ~/.bashrc through mallory's link")
    sources = alice_tminus("sources").stdout.decode()
    if "another user" not in sources:
        fail("twousers", f"tminus sources does not say why txt is not read: {sources}")
    for args in (("todo", "Call mom", "--to", "txt"), ("done", "Call mom")):
        r = alice_tminus(*args)
        if r.returncode == 0:
            fail("twousers", f"{' '.join(args)} through mallory's link exited 0")
        if open(victim).read() != secret:
            fail("twousers", f"{' '.join(args)} through mallory's link changed alice's ~/.bashrc")
            open(victim, "w").write(secret)
    # The collection folder swapped for a link to alice's autostart folder: no file made there.
    autostart = f"{os.path.dirname(victim)}/.config/autostart"
    os.makedirs(autostart, exist_ok=True)
    alice = os.stat(victim)
    for d in (os.path.dirname(autostart), autostart):
        os.chown(d, alice.st_uid, alice.st_gid)
    as_user(mallory, "sh", "-c", 'rm -rf "$1" && ln -s "$2" "$1"', "sh", f"{shared}/cal/work", autostart)
    r = alice_tminus("todo", "Run me", "--to", "cal")
    if r.returncode == 0 or os.listdir(autostart):
        fail("twousers", f"todo --to cal through mallory's collection link: exit {r.returncode}, {os.listdir(autostart)}")
    # The link held 2 ms at a time while alice reads and adds: never her lines, never her file.
    tries = 200
    shown = written = refused = 0
    stop = f"{s}/stop-held"
    for i in range(tries):
        if os.path.lexists(todo):
            os.unlink(todo)
        mallory_writes(todo, original, 0o664)
        if os.path.exists(stop):
            os.unlink(stop)
        racer = subprocess.Popen(["/usr/bin/python3", "-c", HELD_RACER, shared, victim, stop, original], user=mallory.pw_uid,
                                 group=mallory.pw_gid, extra_groups=[share], env=ENV, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        shown += b"SECRET" in alice_tminus("list", "--json").stdout
        refused += alice_tminus("todo", f"Added {i}", "--to", "txt").returncode != 0
        open(stop, "w").close()
        racer.wait(timeout=30)
        if open(victim).read() != secret:
            written += 1
            open(victim, "w").write(secret)
    if shown or written:
        fail("twousers", f"the link held 2 ms: alice's file shown {shown} and written {written} times in {tries}")
        return
    print(f"twousers: mallory's links (the todo.txt, the collection, one held 2 ms at a time for {tries} tries) "
          f"never followed: alice's file shown 0 and written 0 times (her todo refused {refused} times: the link was there)",
          flush=True)


HOSTILE = {
    # 86,400 instances a day: every second of every weekday.
    "every-second.ics": "FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=" + ",".join(map(str, range(24)))
                        + ";BYMINUTE=" + ",".join(map(str, range(60))) + ";BYSECOND=" + ",".join(map(str, range(60))),
    # A million instances by COUNT from 1900, each the first second of its year.
    "setpos-count.ics": "FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=" + ",".join(map(str, range(24)))
                        + ";BYMINUTE=" + ",".join(map(str, range(60))) + ";BYSECOND=" + ",".join(map(str, range(60)))
                        + ";BYSETPOS=1;COUNT=1000000",
}


def peak_mb(args, sandbox):
    """Runs tminus and returns (exit status, peak RSS in MB) of that one process."""
    cmd = [BIN, "--home", f"{sandbox}/home", "--config", f"{sandbox}/config.json", "--now", NOW, *args]
    p = subprocess.Popen(cmd, env=ENV, cwd=sandbox, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_maxrss / 1024


def hostile_sources():
    """Calendars written to exhaust the machine: every read and poll stays under 256 MB, and the
    rule that gives more than a time a minute is reported in `tminus sources` (memory and exit
    codes only: wall time is not asserted)."""
    print("hostile: recurrence rules written to exhaust the machine", flush=True)
    for name, rule in HOSTILE.items():
        s = temp_dir("tminus-hostile-")
        os.makedirs(f"{s}/cal")
        open(f"{s}/cal/{name}", "w", newline="").write(
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:h\r\nSUMMARY:Hostile\r\nDTSTART:19000101T000000Z\r\n"
            f"RRULE:{rule}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        open(f"{s}/config.json", "w").write('{ "sources": [ { "name": "cal", "kind": "vdir", "path": "cal" } ] }')
        worst = 0
        for args in (["list"], ["show", "--format", "waybar"], ["show", "--format", "waybar"], ["todo", "Meanwhile"]):
            code, mb = peak_mb(args, s)
            worst = max(worst, mb)
            if code != 0:
                fail("hostile", f"{name}: {' '.join(args)} exit {code}")
            if mb > 256:
                fail("hostile", f"{name}: {' '.join(args)} peaked at {mb:.0f} MB")
        problems = tminus(s, "sources").stdout.decode()
        if name == "every-second.ics" and "times a day" not in problems:
            fail("hostile", f"{name}: the rule is not reported by tminus sources: {problems!r}")
        print(f"  {name:18s} peak {worst:5.1f} MB", flush=True)
        shutil.rmtree(s, ignore_errors=True)
    # A 15 MB todo.txt: the first read keeps the maxItems (2,000) open todos nearest now (never
    # more than twice that held while reading), the summary and the store stay small, and so does
    # every poll after.
    s = temp_dir("tminus-hostile-")
    with open(f"{s}/todo.txt", "w") as f:
        for i in range(200_000):
            f.write(f"(B) 2026-01-01 Task {i} with a few more words +p{i % 50} @c due:2026-12-{i % 28 + 1:02d}\n")
    open(f"{s}/config.json", "w").write('{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "todo.txt" } ] }')
    worst = 0
    for args in (["list"], ["show", "--format", "waybar"], ["todo", "Meanwhile"], ["show", "--format", "waybar"]):
        code, mb = peak_mb(args, s)
        worst = max(worst, mb)
        if code != 0 or mb > 256:
            fail("hostile", f"15 MB todo.txt: {' '.join(args)} exit {code}, {mb:.0f} MB")
    sizes = {n: os.path.getsize(f"{s}/home/{n}") for n in ("store.json", "summary.json")}
    if any(v > 1 << 20 for v in sizes.values()):
        fail("hostile", f"15 MB todo.txt: the home grew to {sizes}")
    if "the 2000 nearest now are shown" not in tminus(s, "sources").stdout.decode():
        fail("hostile", "15 MB todo.txt: the cap is not reported by tminus sources")
    print(f"  {'15 MB todo.txt':18s} peak {worst:5.1f} MB, store {sizes['store.json'] >> 10} KB, summary {sizes['summary.json'] >> 10} KB", flush=True)
    shutil.rmtree(s, ignore_errors=True)
    huge_calendars()


def one_component_calendar(path, inside):
    """64 MB: one VCALENDAR of 16 M four-byte lines (in one VEVENT when `inside`: the parts reader
    cannot split one component), an event before them and one after."""
    event = lambda uid, day: f"BEGIN:VEVENT\r\nUID:{uid}\r\nSUMMARY:{uid}\r\nDTSTART:202612{day}T090000Z\r\nEND:VEVENT\r\n"
    with open(path, "w", newline="") as f:
        f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + event("Before", "01"))
        if inside:
            f.write("BEGIN:VEVENT\r\nUID:huge\r\nDTSTART:20261205T090000Z\r\n")
        chunk = "X:1\n" * (1 << 20)
        for _ in range(16):
            f.write(chunk)
        if inside:
            f.write("END:VEVENT\r\n")
        f.write(event("After", "02") + "END:VCALENDAR\r\n")


def many_events(path, tag, n=150_000):
    """About 33 MB of ordinary events (a subscribed calendar of years)."""
    with open(path, "w", newline="") as f:
        f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
        for i in range(n):
            f.write(f"BEGIN:VEVENT\r\nUID:e{i}@{tag}\r\nSUMMARY:Event {i} {tag}\r\n"
                    f"DTSTART:2027{1 + i % 12:02d}{1 + i % 28:02d}T090000Z\r\nDESCRIPTION:{'x' * 120}\r\nEND:VEVENT\r\n")
        f.write("END:VCALENDAR\r\n")


def huge_calendars():
    """The 64 MB one-component calendar, both shapes: each read under 200 MB (it was 2.7 GB), the
    events around it shown, the refusal in `tminus sources`. Then four readers at once of a
    changed 33 MB calendar: one reads the file, the others wait and take its reading from the
    cache (each used to read it: four times the memory and the time)."""
    for inside, what, said in ((False, "64 MB VCALENDAR", "VCALENDAR has more than 10000 lines of its own"),
                               (True, "64 MB VEVENT", "BEGIN:VEVENT is larger than 16 MB")):
        s = temp_dir("tminus-hostile-")
        one_component_calendar(f"{s}/big.ics", inside)
        open(f"{s}/config.json", "w").write('{ "sources": [ { "name": "big", "kind": "ics", "path": "big.ics" } ] }')
        start = time.monotonic()
        code, mb = peak_mb(["list"], s)
        took = time.monotonic() - start
        if code != 0 or mb > 200:
            fail("hostile", f"{what}: list exit {code}, peak {mb:.0f} MB")
        listed = tminus(s, "list").stdout.decode()
        if "Before" not in listed or "After" not in listed:
            fail("hostile", f"{what}: the calendar's other events are not listed: {listed!r}")
        if said not in tminus(s, "sources").stdout.decode():
            fail("hostile", f"{what}: the refusal is not reported by tminus sources")
        print(f"  {what:18s} peak {mb:5.1f} MB, {took:.1f} s", flush=True)
        shutil.rmtree(s, ignore_errors=True)
    s = temp_dir("tminus-hostile-")
    many_events(f"{s}/big.ics", "a")
    size_mb = os.path.getsize(f"{s}/big.ics") / (1 << 20)
    open(f"{s}/config.json", "w").write('{ "sources": [ { "name": "big", "kind": "ics", "path": "big.ics" } ] }')
    ok(s, "list")
    many_events(f"{s}/big.ics", "b")
    cmd = lambda args: [BIN, "--home", f"{s}/home", "--config", f"{s}/config.json", "--now", NOW, *args]
    procs = [subprocess.Popen(cmd(a), env=ENV, cwd=s, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for a in (["list"], ["show", "--format", "waybar"], ["list"], ["show", "--format", "waybar"])]
    peaks = []
    for p in procs:
        _, status, usage = os.wait4(p.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            fail("hostile", "four readers: one exited non-zero")
        peaks.append(usage.ru_maxrss / 1024)
    # A reader that read the file holds its bytes: more than the file's size; one that took the
    # cache stays far under it.
    readers = sum(mb > size_mb for mb in peaks)
    if readers != 1:
        fail("hostile", f"four readers of a changed {size_mb:.0f} MB calendar: {readers} read it (peaks {peaks})")
    if "Event 0 b" not in tminus(s, "list").stdout.decode():
        fail("hostile", "four readers: the changed calendar is not what list shows")
    print(f"  four readers of a changed {size_mb:.0f} MB calendar: {readers} read it, peaks "
          + ", ".join(f"{mb:.0f}" for mb in peaks) + " MB", flush=True)
    shutil.rmtree(s, ignore_errors=True)


def setup_sweep(short):
    """`tminus setup BAR --write` killed at each write, fsync, rename and mkdir: the user's bar
    config is theirs whole or with the block appended, each backup is theirs whole, and the next
    run removes the killed run's temp files and appends the block exactly once."""
    print("setup: SIGKILL at every write, fsync, rename and mkdir of setup --write", flush=True)
    mine = b"[bar/main]\nmodules-right = date\n; the user's own, no newline at the end"
    runs = bad = 0
    for bar, rel, original in [("polybar", "polybar/config.ini", mine), ("i3blocks", "i3blocks/config", None)]:
        base = temp_dir("tminus-setup-")
        if original is not None:
            os.makedirs(os.path.dirname(f"{base}/xdg/{rel}"))
            open(f"{base}/xdg/{rel}", "wb").write(original)
        env = {"XDG_CONFIG_HOME": f"{base}/xdg", "HOME": base}
        command = ["setup", bar, "--write", "--binary", "/usr/bin/tminus"]
        done = copy(base)
        env_done = {"XDG_CONFIG_HOME": f"{done}/xdg", "HOME": done}
        if tminus(done, *command, env=env_done).returncode != 0:
            fail("setup", f"{bar}: setup --write itself fails")
            continue
        final = open(f"{done}/xdg/{rel}", "rb").read()
        for syscall in ["write", "fsync", "rename", "mkdir"]:
            for point in kill_points(short, 8):
                n = point.n
                s = copy(base)
                env_s = {"XDG_CONFIG_HOME": f"{s}/xdg", "HOME": s}
                r = tminus(s, *command, env=env_s, prefix=["strace", "-f", "-qq", "-o", "/dev/null",
                                                           "-e", f"inject={syscall}:signal=SIGKILL:when={n}"])
                killed = r.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL)
                runs += 1
                where = f"setup {bar}, {syscall} #{n}"
                folder = os.path.dirname(f"{s}/xdg/{rel}")
                got = open(f"{s}/xdg/{rel}", "rb").read() if os.path.exists(f"{s}/xdg/{rel}") else None
                if got not in (original, final):
                    bad += 1
                    fail("setup", f"{where}: the config is neither the user's nor the user's with the block")
                names = os.listdir(folder) if os.path.isdir(folder) else []
                for b in [n_ for n_ in names if ".tminus-backup" in n_ and not n_.endswith(".tmp")]:
                    if open(f"{folder}/{b}", "rb").read() != original:
                        bad += 1
                        fail("setup", f"{where}: the backup {b} is not the user's file whole")
                # The next run: no temp file of the killed one left, the block there once.
                again = tminus(s, *command, env=env_s)
                names = os.listdir(folder) if os.path.isdir(folder) else []
                left = [n_ for n_ in names if n_.endswith(".tmp")]
                now = open(f"{s}/xdg/{rel}", "rb").read() if os.path.exists(f"{s}/xdg/{rel}") else b""
                if again.returncode != 0 or left or now != final:
                    bad += 1
                    fail("setup", f"{where}: the next run: exit {again.returncode}, temps {left}, block appended once: {now == final}")
                shutil.rmtree(s, ignore_errors=True)
                point.killed = killed
    # The desktops' packages (setup gnome, setup plasma copying where kpackagetool would): after a
    # kill each file is absent or whole, and the next run leaves every file whole and no temp file.
    for name, command, rel in [
            ("gnome", ["setup", "gnome", "--shell-version", "48"], "gnome-shell/extensions/tminus@tminus.github.io"),
            ("plasma", ["setup", "plasma", "--plasma-version", "6"], "plasma/plasmoids/org.tminus.countdown")]:
        command = command + ["--binary", "/usr/bin/tminus"]
        base = temp_dir("tminus-setup-")

        def env_of(d):
            return {"XDG_DATA_HOME": f"{d}/data", "HOME": d, "PATH": "/usr/bin:/bin"}

        def files(d):
            return snapshot(f"{d}/data/{rel}") if os.path.isdir(f"{d}/data/{rel}") else {}
        done = copy(base)
        if tminus(done, *command, env=env_of(done)).returncode != 0:
            fail("setup", f"{name}: setup itself fails")
            continue
        final = files(done)
        for syscall in ["write", "fsync", "rename", "mkdir"]:
            for point in kill_points(short, 8):
                s = copy(base)
                r = tminus(s, *command, env=env_of(s), prefix=["strace", "-f", "-qq", "-o", "/dev/null",
                                                                "-e", f"inject={syscall}:signal=SIGKILL:when={point.n}"])
                point.killed = r.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL)
                runs += 1
                where = f"setup {name}, {syscall} #{point.n}"
                got = files(s)
                torn = [f for f, b in got.items() if os.path.basename(f).endswith(".tmp") is False and final.get(f) != b]
                if torn:
                    bad += 1
                    fail("setup", f"{where}: files neither absent nor whole: {torn}")
                again = tminus(s, *command, env=env_of(s))
                if again.returncode != 0 or files(s) != final:
                    bad += 1
                    fail("setup", f"{where}: the next run: exit {again.returncode}, files {sorted(files(s))}")
                shutil.rmtree(s, ignore_errors=True)
    print(f"setup: {runs} runs: {bad} with a torn config, a torn backup, a torn package file, a leftover or a second block",
          flush=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    short = "--short" in sys.argv
    parts = args or ["bad", "crowd", "full", "kill", "cache", "setup", "ledger", "shared", "twousers", "hostile"]
    if not os.access(BIN, os.X_OK):
        raise SystemExit(f"no tminus binary at {BIN}; swift build first or set TMINUS_BIN")
    if ("kill" in parts or "cache" in parts or "ledger" in parts or "setup" in parts) and not shutil.which("strace"):
        raise SystemExit("the kill sweep needs strace (apt-get install strace)")
    for part in parts:
        {"kill": lambda: kill_sweep(short), "cache": lambda: cache_sweep(short), "full": full_disk, "crowd": lambda: crowd(short), "bad": bad_inputs,
         "ledger": lambda: ledger(short), "shared": lambda: shared_folder(short), "setup": lambda: setup_sweep(short),
         "twousers": lambda: two_users(short),
         "hostile": hostile_sources}[part]()
    if failures:
        print(f"reliability: {len(failures)} failures")
        sys.exit(1)
    print("reliability: every guarantee held")


if __name__ == "__main__":
    main()
