#!/usr/bin/env bash
# The reliability harness (docs/reliability.md): kill at every syscall, ENOSPC/EROFS on a tmpfs,
# 100 concurrent writers, the bad-input corpus. Needs strace; the tmpfs part needs root.
# Usage: Tests/reliability/run.sh [--short] [kill|full|crowd|bad ...]   (TMINUS_BIN=path)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${TMINUS_BIN:-}" ]; then swift build >/dev/null; fi
exec python3 Tests/reliability/reliability.py "$@"
