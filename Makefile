# enote: build, install, package.
#
#   make                                  release builds of enote and enote-web (Swift runtime linked in)
#   make install PREFIX=$HOME/.local      install (default PREFIX /usr/local; DESTDIR stages)
#   make uninstall PREFIX=$HOME/.local    remove exactly what install wrote
#   make deb                              enote_<version>_<arch>.deb, from the same build
#   make test                             every test (scripts/test, the README's command)
#
# What goes where: packaging/README.md.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d
SYSTEMD_USER_UNIT_DIR ?= $(DATADIR)/systemd/user
export PREFIX DESTDIR BINDIR DATADIR MANDIR BASH_COMPLETION_DIR ZSH_COMPLETION_DIR FISH_COMPLETION_DIR SYSTEMD_USER_UNIT_DIR

SWIFT_BUILD = swift build -c release --static-swift-stdlib

# `make install` builds first, as the owner of .build/. Anyone else (`sudo make install` in your
# tree) installs what the owner built, so that no file of .build/ becomes root's; so does
# `make install BUILD_BIN=FOLDER`, which installs the programs and bundles of FOLDER.
BUILD_BIN ?=
export BUILD_BIN
INSTALL_BUILDS := $(if $(BUILD_BIN),,$(shell [ -d .build ] && [ "$$(stat -c %u .build)" != "$$(id -u)" ] || echo yes))

.PHONY: all build install uninstall deb test

all: build

build:
	scripts/ensure-deps
	$(SWIFT_BUILD) --product enote
	$(SWIFT_BUILD) --product enote-web

install: $(if $(INSTALL_BUILDS),build)
	packaging/install-files install

uninstall:
	packaging/install-files uninstall

deb: build
	packaging/deb/build-deb

test:
	scripts/test
