# Shared by the benchmark scripts: BIN is $TMINUS_BIN, else the release static executable, built
# into .build-bench as the README's install (make install) builds it.
BIN=${TMINUS_BIN:-}
if [ -z "$BIN" ]; then
  # (The Makefile's FAST flags, read from it: one place for them, and no need for make here.)
  FAST=$(sed -n 's/^FAST = //p' Makefile)
  # shellcheck disable=SC2086
  swift build -c release -Xswiftc -static-executable $FAST --product tminus --scratch-path .build-bench >/dev/null 2>&1 \
    || { echo "benchmarks: the static release build failed; measuring a dynamically linked one (slower to start)" >&2
         swift build -c release --product tminus --scratch-path .build-bench >/dev/null; }
  BIN=$PWD/.build-bench/release/tminus
fi
