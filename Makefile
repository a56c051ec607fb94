# make install PREFIX=~/.local   builds the static release binary and installs it, its man page,
#                                its bash, zsh and fish completions and the config's JSON Schema under PREFIX
# make uninstall PREFIX=~/.local removes exactly those files
# make dist                      the release tarball in dist/ (binary, man page, completions,
#                                docs, integrations, systemd user units, LICENSE) and its SHA-256
# make deb                       the Debian package in dist/, from the same files (packaging/)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR ?= $(PREFIX)/share/zsh/site-functions
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# config init names this schema in the config it writes (PREFIX/share/tminus beside PREFIX/bin)
SCHEMADIR ?= $(PREFIX)/share/tminus
SCRATCH ?= .build
BIN = $(SCRATCH)/release/tminus

.PHONY: all build install uninstall dist deb
all: build

# A static executable starts in about a millisecond (a dynamic one in 5-12 ms): bars poll it.
# (Only the product: the tests and the fuzzer are not built for an install.)
# FAST: the type metadata a run needs is made by direct calls rather than by demangling type
# names at run time: a full run of `show` costs 17 % fewer instructions, a cached poll 11 %
# (docs/performance.md). A flag of the compiler's front end, kept out of Package.swift so that
# tminus's libraries can still be a dependency of another package.
FAST = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
build:
	swift build -c release -Xswiftc -static-executable $(FAST) --product tminus --scratch-path $(SCRATCH)

install: build
	install -D -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/tminus
	mkdir -p $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	@# Under your home, PREFIX/share/tminus is also tminus's data folder (~/.local/share/tminus):
	@# made 0700, as tminus makes it, never looser; a folder there already keeps its mode.
	@if [ ! -d "$(DESTDIR)$(SCHEMADIR)" ]; then case "$(DESTDIR)$(SCHEMADIR)/" in "$$HOME"/*) \
	  install -d -m 0700 "$(DESTDIR)$(SCHEMADIR)";; *) install -d -m 0755 "$(DESTDIR)$(SCHEMADIR)";; esac; fi
	$(BIN) manpage > $(DESTDIR)$(MANDIR)/tminus.1
	$(BIN) completions bash > $(DESTDIR)$(BASHDIR)/tminus
	$(BIN) completions zsh > $(DESTDIR)$(ZSHDIR)/_tminus
	$(BIN) completions fish > $(DESTDIR)$(FISHDIR)/tminus.fish
	$(BIN) config schema > $(DESTDIR)$(SCHEMADIR)/config.schema.json
	chmod 0644 $(DESTDIR)$(MANDIR)/tminus.1 $(DESTDIR)$(BASHDIR)/tminus $(DESTDIR)$(ZSHDIR)/_tminus $(DESTDIR)$(FISHDIR)/tminus.fish \
	      $(DESTDIR)$(SCHEMADIR)/config.schema.json
	@echo "installed $(DESTDIR)$(BINDIR)/tminus"
	@case ":$$PATH:" in *":$(BINDIR):"*) echo "$(BINDIR) is on your PATH (a bar started by the session may need it too: see docs/install.md)";; \
	  *) echo "$(BINDIR) is not on this shell's PATH; for this shell:"; echo "  export PATH=\"$(BINDIR):\$$PATH\""; \
	     echo "and for good, the same line at the end of ~/.profile (read at your next login)";; esac

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tminus $(DESTDIR)$(MANDIR)/tminus.1 $(DESTDIR)$(BASHDIR)/tminus \
	      $(DESTDIR)$(ZSHDIR)/_tminus $(DESTDIR)$(FISHDIR)/tminus.fish $(DESTDIR)$(SCHEMADIR)/config.schema.json
	rmdir $(DESTDIR)$(SCHEMADIR) 2>/dev/null || true

dist: build
	bash packaging/dist.sh $(BIN)

deb: dist
	bash packaging/deb/build.sh
