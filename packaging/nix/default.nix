# tminus for Nix: the release build with nixpkgs' Swift 6 toolchain (swift, swiftpm),
# installed as the release tarball lays it out (packaging/dist.sh). Not built in CI: CI checks
# only that it parses (nix-instantiate --parse). Use: nix-build packaging/nix
{ pkgs ? import <nixpkgs> { } }:

let
  inherit (pkgs) lib swift swiftpm;
in
pkgs.swiftPackages.stdenv.mkDerivation {
  pname = "tminus";
  version = "0.1.0";
  src = lib.cleanSource ../..;

  nativeBuildInputs = [ swift swiftpm ];

  # Only the product (no tests, no fuzzer); nixpkgs' Swift links dynamically against its own runtime.
  buildPhase = ''
    runHook preBuild
    swift build -c release --product tminus --disable-sandbox
    runHook postBuild
  '';

  installPhase = ''
    runHook preInstall
    bin=$(swift build -c release --product tminus --show-bin-path)/tminus
    install -Dm0755 "$bin" "$out/bin/tminus"
    mkdir -p "$out/share/man/man1" "$out/share/bash-completion/completions" \
      "$out/share/zsh/site-functions" "$out/share/fish/vendor_completions.d" \
      "$out/share/doc/tminus" "$out/share/tminus" "$out/lib/systemd/user"
    "$out/bin/tminus" manpage > "$out/share/man/man1/tminus.1"
    "$out/bin/tminus" completions bash > "$out/share/bash-completion/completions/tminus"
    "$out/bin/tminus" completions zsh > "$out/share/zsh/site-functions/_tminus"
    "$out/bin/tminus" completions fish > "$out/share/fish/vendor_completions.d/tminus.fish"
    "$out/bin/tminus" config schema > "$out/share/tminus/config.schema.json"
    cp -r README.md LICENSE docs integrations "$out/share/doc/tminus/"
    for u in integrations/systemd/tminus-notify.service integrations/systemd/tminus-privacy.service; do
      sed "s|%h/.local/bin/tminus|$out/bin/tminus|g" "$u" > "$out/lib/systemd/user/$(basename "$u")"
    done
    runHook postInstall
  '';

  meta = {
    description = "Countdown to your next deadline, and today's todos, in your status bar";
    license = lib.licenses.mit;
    platforms = lib.platforms.linux;
    mainProgram = "tminus";
  };
}
