# Shared by the benchmark scripts: BIN is $TMINUS_BIN, else the release static executable, built
# into .build-bench (the fast one the README's install builds).
BIN=${TMINUS_BIN:-}
if [ -z "$BIN" ]; then
  swift build -c release -Xswiftc -static-executable --scratch-path .build-bench >/dev/null 2>&1 \
    || swift build -c release --scratch-path .build-bench >/dev/null
  BIN=$PWD/.build-bench/release/tminus
fi
