#!/usr/bin/env bash
# The live widget's figures (issue 5's acceptance), on the real clock:
#  1. a follower of a deadline 30 minutes away, over 10 s: lines per second and how late each is
#     after its boundary;
#  2. `tminus edit` on the shown deadline: how long until the follower prints the change;
#  3. at minute precision: wake-ups (voluntary context switches) in 10 s.
# Usage: Benchmarks/follow.sh   (TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-follow-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
python3 - "$BIN" "$WORK" <<'PY'
import json, os, subprocess, sys, threading, time, statistics
bin, work = sys.argv[1], sys.argv[2]
def home(name):
    return os.path.join(work, name)
def follower(h, *args, env=None):
    p = subprocess.Popen([bin, "--home", h, "show", "--follow", *args], stdout=subprocess.PIPE, env=env)
    lines = []
    def read():
        for raw in p.stdout:
            lines.append((time.time(), raw.decode().rstrip("\n")))
    threading.Thread(target=read, daemon=True).start()
    return p, lines

# 1. one line a second, on the boundary
h = home("a")
subprocess.run([bin, "--home", h, "add", "Thesis", "--due", "+30m"], check=True, stdout=subprocess.DEVNULL)
p, lines = follower(h, "--format", "json")
time.sleep(10.5)
p.terminate(); p.wait()
late = []
for arrival, line in lines[1:]:
    e = json.loads(line)
    d = e["date"]
    import datetime
    t = datetime.datetime.fromisoformat(d.replace("Z", "+00:00")).timestamp()
    late.append((arrival - t) * 1000)
    assert e["deadline"]["remaining"] == int(datetime.datetime.fromisoformat(e["deadline"]["due"].replace("Z", "+00:00")).timestamp() - t)
print(f"1. {len(lines) - 1} lines in 10 s after the first; lateness after the boundary: median {statistics.median(late):.1f} ms, max {max(late):.1f} ms (target < 50 ms); remaining right at every line")

# 2. edit latency
subprocess.run([bin, "--home", h, "add", "Essay", "--due", "+3d"], check=True, stdout=subprocess.DEVNULL)
h2 = home("b")
subprocess.run([bin, "--home", h2, "add", "Essay", "--due", "+3d"], check=True, stdout=subprocess.DEVNULL)
p, lines = follower(h2, "--format", "plain")
time.sleep(0.5)
delays = []
for i in range(10):
    n = len(lines)
    title = f"Essay v{i}"
    t0 = time.time()
    subprocess.run([bin, "--home", h2, "edit", "1", "--title", title], check=True, stdout=subprocess.DEVNULL)
    t1 = time.time()
    while not any(title in l for _, l in lines[n:]):
        time.sleep(0.001)
    seen = [a for a, l in lines[n:] if title in l][0]
    delays.append(((seen - t0) * 1000, (seen - t1) * 1000))
p.terminate(); p.wait()
print(f"2. edit -> new line: median {statistics.median(d for d, _ in delays):.1f} ms from the start of `tminus edit`, "
      f"{statistics.median(d for _, d in delays):.1f} ms after it exited (target < 100 ms)")

# 3. wake-ups at minute precision
h3 = home("c")
os.makedirs(os.path.join(work, "cfg"), exist_ok=True)
with open(os.path.join(work, "cfg", "config.json"), "w") as f:
    f.write('{"precision": "minutes"}')
subprocess.run([bin, "--home", h3, "add", "Thesis", "--due", "+30m", "--start", "2025-01-01"], check=True, stdout=subprocess.DEVNULL)
p = subprocess.Popen([bin, "--home", h3, "--config", os.path.join(work, "cfg", "config.json"), "show", "--follow", "--format", "waybar"],
                     stdout=subprocess.DEVNULL)
time.sleep(0.5)
def switches():
    for line in open(f"/proc/{p.pid}/status"):
        if line.startswith("voluntary_ctxt_switches"):
            return int(line.split()[1])
a = switches(); time.sleep(10); b = switches()
p.terminate(); p.wait()
print(f"3. minute precision: {b - a} wake-ups in 10 s")
PY
