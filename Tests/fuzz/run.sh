#!/usr/bin/env bash
# The mutation fuzzer (Tests/fuzz/Sources/main.swift) for the config, WHEN, store, summary, JSON,
# template, TZ and zone-file parsers. Release build; a crash leaves its input in
# ./tminus-fuzz-crash.bin and exits 1.
# Usage: Tests/fuzz/run.sh [inputs per target, default 100000] [seed, default random] [target…]
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product tminus-fuzz --scratch-path .build-fuzz >/dev/null
exec .build-fuzz/release/tminus-fuzz "${1:-100000}" "${2:-$RANDOM}" "${@:3}"
