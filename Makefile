# Trips: `make run` and `make test` do all the set-up on a fresh Debian
# machine: they install what is missing (apt-get, with sudo when not root),
# build, and run. Nothing has to be installed by hand but the Swift toolchain.

SWIFT_BIN := $(firstword $(wildcard /opt/swift/usr/bin) $(dir $(shell command -v swift 2>/dev/null)))
export PATH := $(PATH):$(SWIFT_BIN)
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What the app needs to build and run, and what the tests need on top.
APP_PACKAGES  := pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libjpeg62-turbo-dev libseccomp-dev libheif-dev liblcms2-dev zlib1g-dev libx11-dev libfontconfig-dev libfribidi-dev gettext fonts-dejavu-core \
  libdbus-1-dev libwayland-dev wayland-protocols libwayland-bin libgeonames-dev libjxl-dev libsystemd-dev libmosquitto-dev libxext-dev libcec-dev libgexiv2-dev \
  libavformat-dev libavcodec-dev libswscale-dev libswresample-dev libavutil-dev libwebp-dev
# Tests/e2e/i18n.sh: fonts for Chinese, Japanese, Korean and Devanagari, fc-list,
# and ImageMagick's pango coder for its reference renders.
TEST_PACKAGES := fonts-wqy-microhei fonts-lohit-deva fontconfig libmagickcore-6.q16-6-extra weston xvfb xdotool imagemagick cage grim xwayland bc python3 gcc libweston-10-dev colord-data \
  desktop-file-utils appstream xdg-utils python3-pyatspi orca speech-dispatcher at-spi2-core dbus libjxl-tools libheif-examples libimage-exiftool-perl sway \
  mosquitto mosquitto-clients openssl syncthing webp ffmpeg wl-clipboard xclip gvfs libglib2.0-bin

.PHONY: all deps test-deps deb-deps build release run test unit e2e bench sanitize clean install uninstall icon deb test-deb test-syncthing

all: build

# install_missing PACKAGES: apt-get only the packages dpkg does not have.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "make: installing $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null || exit 1; \
	fi
endef

# catalogues BINDIR: po/LANG.po → BINDIR/locale/LANG/LC_MESSAGES/trips.mo,
# where the app looks beside its binary.
define catalogues
	@bin=$(1); for po in po/*.po; do lang=$$(basename $$po .po); mkdir -p $$bin/locale/$$lang/LC_MESSAGES && \
	  msgfmt --check-format -o $$bin/locale/$$lang/LC_MESSAGES/trips.mo $$po || exit 1; done
endef

swift-toolchain:
	@command -v $(SWIFT) >/dev/null || { echo "make: no Swift toolchain on PATH (looked in /opt/swift/usr/bin too); install Swift 6 from swift.org"; exit 1; }

deps: swift-toolchain
	$(call install_missing,$(APP_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

# The binary, and the library its Wayland window is made with (without
# EGL: docs/PRESENTING.md), which it finds beside itself.
build: deps
	$(SWIFT) build --product trips
	$(SWIFT) build --product TripsSurfaceOnlyVulkan
	$(call catalogues,$$($(SWIFT) build --show-bin-path))

release: deps
	$(SWIFT) build -c release --product trips
	$(SWIFT) build -c release --product TripsSurfaceOnlyVulkan
	$(call catalogues,$$($(SWIFT) build -c release --show-bin-path))

run: release
	$$($(SWIFT) build -c release --show-bin-path)/trips $(ARGS)

# With the test tools (ImageMagick, heif-enc, colord's profiles...): a test
# that finds one missing skips, so they are installed here, or make stops.
unit: test-deps
	$(SWIFT) build --build-tests
	$(call catalogues,$$($(SWIFT) build --show-bin-path))
	s=$$(date +%s); $(SWIFT) test --skip-build --disable-swift-testing || exit 1; echo "unit: the tests took $$(( $$(date +%s) - s )) s"
	python3 Tests/soak/judge-test.py

# The end-to-end scripts, E2E_LANES at a time (Tests/e2e/lanes.sh), the
# longest first; each takes the trips binary. A new script under Tests/e2e/
# is added here, by how long it takes.
E2E_SCRIPTS := Tests/e2e/sleep.sh Tests/e2e/detail.sh Tests/e2e/folders.sh Tests/e2e/atspi.sh Tests/e2e/slides.sh Tests/e2e/mqtt.sh Tests/e2e/touch.sh Tests/e2e/run.sh Tests/e2e/decoders.sh Tests/e2e/colours.sh Tests/e2e/scale.sh Tests/e2e/photo-actions.sh Tests/e2e/frames.sh Tests/e2e/drop.sh Tests/e2e/library.sh Tests/e2e/sleep-sway.sh Tests/e2e/wayland-shm.sh Tests/e2e/i18n.sh Tests/e2e/watchdog.sh Tests/e2e/desktop.sh Tests/e2e/rotate.sh Tests/e2e/thumbnails.sh Tests/e2e/hostile.sh Tests/e2e/sound.sh Tests/e2e/kiosk-unit.sh
E2E_LANES ?= 2

e2e: test-deps build
	Tests/e2e/lanes.sh $(E2E_LANES) $$($(SWIFT) build --show-bin-path)/trips $(E2E_SCRIPTS)

# unit, then e2e (written in that order: make runs them so without -j).
test: test-deps unit e2e

# AddressSanitizer (with LeakSanitizer), then ThreadSanitizer: each builds
# in a folder of its own and runs the replays, a zoomed library, the attract
# loop and the AT-SPI test (Tests/sanitize/sanitize.sh). Not part of `make
# test`: its two optimised builds from scratch and its runs together take
# longer than test's whole 25-minute budget.
# Two Syncthing instances keep a kiosk's photos in step (docs/KIOSK.md):
# slow (syncthing's start and scans), so not in `make test`.
test-syncthing: test-deps
	$(SWIFT) build --product trips
	Tests/e2e/syncthing.sh $$($(SWIFT) build --show-bin-path)/trips

sanitize: test-deps
	$(SWIFT) build --build-tests
	Tests/sanitize/sanitize.sh address; address=$$?; Tests/sanitize/sanitize.sh thread && [ $$address = 0 ]

bench: test-deps release
	$(SWIFT) build -c release --product bench
	$$($(SWIFT) build -c release --show-bin-path)/bench
	Benchmarks/startup.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/places-startup.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/library-layouts.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/session.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/attract.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/slides.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/atspi.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	$(SWIFT) build -c release --product bench-photos
	Benchmarks/decode.sh $$($(SWIFT) build -c release --show-bin-path)/bench-photos
	$(SWIFT) build -c release --product gen-gestures
	$(SWIFT) build --build-tests
	TRIPS_FUZZ_FILES=3000 TRIPS_FUZZ_SEED=$$(date +%s) $(SWIFT) test --skip-build --disable-swift-testing --filter DecoderFuzzTests
	Benchmarks/soak.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/peers.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/zoom-memory.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/thumbnail-cache.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/mqtt.sh $$($(SWIFT) build -c release --show-bin-path)/trips
	Benchmarks/clips.sh $$($(SWIFT) build -c release --show-bin-path)/trips

# make install PREFIX=/usr/local (DESTDIR= for packagers): the release
# binary and the library beside it, its photos, catalogues, desktop entry,
# metainfo, icon and man page (data/install.sh). TRIPS_BINARY= installs a
# binary already built instead (with the library beside it, if it is there).
PREFIX ?= /usr/local
DESTDIR ?=
install: $(if $(TRIPS_BINARY),deps,release)
	data/install.sh install "$(or $(TRIPS_BINARY),$$($(SWIFT) build -c release --show-bin-path)/trips)" "$(DESTDIR)" "$(PREFIX)"

uninstall:
	data/install.sh uninstall "$(DESTDIR)" "$(PREFIX)"

# make deb: dist/trips_VERSION_ARCH.deb from debian/ (debhelper,
# dpkg-buildpackage), the Swift runtime and Foundation linked in; its scratch
# folder .build-deb stays between builds. SOURCE_DATE_EPOCH is the commit's
# time (the changelog's outside git), so two builds of one commit are the same
# file (docs/PACKAGING.md).
# lintian must find no error. make test-deb installs it in a clean Debian 12.
DEB_PACKAGES := debhelper dpkg-dev lintian appstream mmdebstrap debugedit
deb-deps: deps
	$(call install_missing,$(DEB_PACKAGES))

deb: deb-deps
	mkdir -p dist
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null || dpkg-parsechangelog -S Timestamp) SWIFT="$(SWIFT)" dpkg-buildpackage -b --no-sign \
	  --buildinfo-option=-udist --buildinfo-file=dist/trips.buildinfo --changes-option=-udist --changes-file=dist/trips.changes
	lintian --fail-on error --info dist/trips_$$(dpkg-parsechangelog -S Version)_$$(dpkg --print-architecture).deb

test-deb: deb
	Tests/deb/clean-root.sh dist/trips_$$(dpkg-parsechangelog -S Version)_$$(dpkg --print-architecture).deb

# The 256 px icon is data/trips.svg drawn by ImageMagick (a test tool), kept
# in the repository so that installing needs no SVG renderer.
icon:
	convert -background none -density 384 data/trips.svg -resize 256x256 -depth 8 -strip data/trips-256.png

clean:
	rm -rf .build .build-deb dist .build-sanitize-address .build-sanitize-thread
