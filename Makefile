# lyricpip: build, test, run and measure. `make run` and `make test` are the quick start.
SWIFT ?= swift
SERVICES := scripts/with-services --
# Where `make release` builds: SwiftPM's own .build by default. `make test` builds its release in
# .build-release: SwiftPM holds a scratch folder for as long as a command runs on it, so a release
# build in .build waited for the real-time suites' `swift test` to end (2.5 minutes of CI).
RELEASE_SCRATCH ?= .build
RELEASE_BIN := $(RELEASE_SCRATCH)/release/lyricpip
# The program behind the launcher (docs/ARCHITECTURE.md, "Two executables").
RELEASE_PLAYER := $(RELEASE_SCRATCH)/release/lyricpip-player
# The release `make test` builds beside its suites and packs.
TEST_RELEASE_SCRATCH := .build-release
TEST_RELEASE := RELEASE_SCRATCH=$(TEST_RELEASE_SCRATCH)

# Debian packages the build, the tests and the benchmarks need.
BUILD_PACKAGES := pkg-config libxkbcommon-dev libsdl2-dev libsdl2-ttf-dev libpng-dev libturbojpeg0-dev libx11-dev libxext-dev libxfixes-dev libxdamage-dev libxrandr-dev libpulse-dev libasound2-dev \
  libavformat-dev libavcodec-dev libswresample-dev libavutil-dev libfontconfig-dev libsystemd-dev \
  zlib1g-dev libxml2-dev libyaml-dev libcurl4-openssl-dev libcurl3-gnutls libwayland-dev
# What scripts/wayland-protocols makes the committed Wayland glue from (and checks it against,
# in `make check` and `make test`): wayland-scanner, and the protocol files. Debian 12 ships the
# wlr layer-shell file only in the Rust package's sources (its Rust code is not used).
GLUE_PACKAGES := libwayland-bin wayland-protocols librust-wayland-protocols-dev
RUN_PACKAGES := pulseaudio pulseaudio-utils alsa-utils libasound2-plugins fonts-wqy-zenhei \
  fonts-dejavu-core
TEST_PACKAGES := xvfb openbox xcompmgr xdotool wmctrl x11-utils imagemagick dbus-x11 ffmpeg sox \
  libsox-fmt-all espeak-ng python3-mutagen desktop-file-utils playerctl python3-dbus python3-gi \
  python3-xlib x11-xserver-utils weston xwayland dpkg-dev patchelf lintian zsh fish \
  python3-fuse sway grim kwin-wayland
BENCH_PACKAGES := mpv mpv-mpris audacious audacious-plugins vlc-bin vlc-plugin-base osdlyrics socat python3 stress-ng gdb valgrind
PACKAGES := $(BUILD_PACKAGES) $(GLUE_PACKAGES) $(RUN_PACKAGES) $(TEST_PACKAGES) $(BENCH_PACKAGES)

.PHONY: deps build release check test later-builds test-tsan test-asan run lint format bench-parse bench-sync bench-follow bench-ui bench-wayland \
  bench-strip bench-pip-entry bench-queue bench-first-sound bench-gapless bench-soak demo clean install uninstall sanitizer-run deb check-deb fuzz

deps:
	@scripts/install-deps $(PACKAGES)

build: deps
	$(SWIFT) build

# Swift's runtime and FoundationEssentials linked in (only the parts used, no dynamic symbol
# tables to map): about 4 MB less resident while playing (docs/benchmarks.md, "The strip's cost").
# Linked by the toolchain's lld with packed relative relocations (glibc 2.36 reads them): the
# table the loader reads at every start shrinks from about 1 MB to 9 KB, and its pages no
# longer stay resident (gold, the default linker here, cannot pack them).
# Each function in a section of its own, and the ones that run when lyricpip plays, shows its
# windows, follows or runs a script put first (scripts/startup-order.txt, made by
# scripts/make-startup-order): the kernel maps code in blocks of up to 64 KB around each page
# used, and used code no longer shares its blocks with code never run. No dynamic symbol table
# for our own functions either (SwiftPM exports them all; nothing looks them up), so the loader
# has 5,000 fewer names to page through. About 2.5 MB less resident at the strip's peak
# (docs/benchmarks.md, "Start-up code together").
# The linker is the toolchain's lld behind scripts/ld-loader-first, which links first the
# libraries that answer most of the symbols the loader binds at start (scripts/loader-order.txt,
# made by scripts/make-loader-order: only libraries the first sound loads anyway, and no binding
# changes), so the loader searches them first: about 10 ms less from launch to the first sound
# (docs/benchmarks.md, "The first sound").
RELEASE_LINK := -Xswiftc -use-ld=$(CURDIR)/scripts/ld-loader-first -Xlinker -z -Xlinker pack-relative-relocs \
  -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup-order.txt \
  -Xlinker --no-warn-symbol-ordering -Xlinker --no-export-dynamic
release: deps
	$(SWIFT) build -c release --scratch-path $(RELEASE_SCRATCH) --static-swift-stdlib $(RELEASE_LINK)

# A safety net, far above the few minutes the tests take: a hang fails CI with a clear status
# instead of eating its whole time.
TEST_TIMEOUT ?= 30m

# The tiers of the suites are Swift Testing tags on the suites themselves
# (Tests/TestSupport/TestTags.swift); scripts/tagged-suites turns a tag into the pattern
# `swift test` filters on, so no list of suite names is kept here.
# .realTime: suites that record real-time audio from the sound server, or take a window manager
# through a long chain of steps. They run after the others, one at a time: on two cores, a
# parallel build of windows and processes starves the player of CPU and the recording then
# measures the machine's load, not lyricpip.
# .sanitized, plus these whole targets: the suites run again under ThreadSanitizer and
# AddressSanitizer (docs/testing.md): everything that runs in one process with no window and no
# real-time recording, plus the command-line suites, which then run the sanitized binary.
SANITIZER_TARGETS := LyricsCoreTests FuzzRegressionTests LyricsFilesTests ID3Tests LyricsContainersTests \
  SessionTests DesktopTests SystemSupportTests FollowingTests SyncScriptsTests EventStreamTests \
  ProviderAnswersTests
REAL_TIME := pattern=$$(scripts/tagged-suites realTime) &&
# .wayland: suites that need a Wayland compositor. They run in a phase of their own under
# scripts/with-sway (a private sway in an Xvfb of its own), so no other suite's windows see a
# WAYLAND_DISPLAY; without it (`make check`) they skip themselves. .xwayland: the X11 strip
# under sway's XWayland, a phase of its own under `scripts/with-sway --xwayland` (about 10 s).
WAYLAND := wayland=$$(scripts/tagged-suites wayland) && xwayland=$$(scripts/tagged-suites xwayland) &&
# .kwin: the same checks on KWin (Plasma 5.27) in its virtual mode, under scripts/with-kwin;
# they run only there (about 6 s with KWin's start).
KWIN := kwin=$$(scripts/tagged-suites kwin) &&
SANITIZED := pattern=$$(scripts/tagged-suites sanitized --targets '$(SANITIZER_TARGETS)') &&
# The first report ends the test process, so the run fails. LeakSanitizer checks at exit, with
# suppressions only for memory system libraries keep on purpose (scripts/lsan-suppressions.txt
# says which and why; docs/testing.md). The ThreadSanitizer build defines LYRICPIP_TSAN, which swaps in a Mutex that
# ThreadSanitizer can see (Sources/Locking/Mutex.swift says why).
TSAN_SETTINGS := halt_on_error=1:second_deadlock_stack=1
ASAN_SETTINGS := halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1
LSAN_SETTINGS := suppressions=$(CURDIR)/scripts/lsan-suppressions.txt
TSAN_FLAGS := -Xswiftc -DLYRICPIP_TSAN
TSAN_RUN := SANITIZER=thread SANITIZER_BUILD=.build-tsan SANITIZER_FLAGS='$(TSAN_FLAGS)' \
  SANITIZER_OPTIONS=TSAN_OPTIONS='$(TSAN_SETTINGS)'
ASAN_RUN := SANITIZER=address SANITIZER_BUILD=.build-asan \
  SANITIZER_OPTIONS="ASAN_OPTIONS='$(ASAN_SETTINGS)' LSAN_OPTIONS='$(LSAN_SETTINGS)'"
# Builds that later phases of `make test` need (the sanitizer builds, the release, the fuzzers),
# made in the background from the end of the debug build on, while the suites run: at the idle
# scheduling class a build takes only the CPU time nothing else wants (the suites mostly wait on
# windows, processes and real time), so the suites and the recordings still measure lyricpip,
# not the build. Started only once the real-time suites began, the builds were still running
# for about four minutes after they ended, and CI went over its 20 minutes.
IDLE := chrt --idle 0 nice -n 19

# Each command written once: `check` and `test` lint and build alike, and `later-builds` makes the
# sanitizer builds with the very command `sanitizer-run` repeats (any difference would rebuild).
LINT := $(SWIFT) format lint --strict --recursive Package.swift Sources Tests
# The committed Wayland glue is what wayland-scanner makes from Debian's protocol files.
GLUE_CHECK := scripts/wayland-protocols --check
CHECKED_BUILD := $(SWIFT) build --build-tests --explicit-target-dependency-import-check error
sanitizer_build = $(SWIFT) build --build-tests --sanitize=$(1) --scratch-path $(2) $(3)

# The inner loop, a few minutes on a built tree: lint, build, and every suite that needs no
# service (without scripts/with-services the suites that need a sound server, an X server or a
# session bus skip themselves) except the real-time ones.
check: deps
	$(LINT)
	$(GLUE_CHECK)
	$(CHECKED_BUILD)
	$(REAL_TIME) $(SWIFT) test --skip-build --skip "$$pattern"

# Everything, what the README and CI run: lint, the Wayland glue's drift check and build; every
# suite with a private sound server, X server + window manager and session bus
# (LYRICPIP_REQUIRE_SERVICES makes a test that needs one of them fail, not skip, if it is
# absent), then the Wayland suites beside a private sway and those on a private KWin, the
# real-time ones last and one at a time, all of them while the later phases' builds are made at
# idle priority; the sanitizer runs; the Debian
# package built from a release build and checked; the release's start-up order (a warning when
# stale, never a failure); a short smoke run of every fuzzer (the inputs they ever failed on are
# replayed by FuzzRegressionTests above; `make fuzz` makes the long runs).
test: deps
	$(LINT)
	$(GLUE_CHECK)
	$(CHECKED_BUILD)
	@mkdir -p .build
	@# One shell for every phase that runs beside the builds: it waits for them at the end, and a
	@# phase that fails stops them (their own process group) before make stops.
	$(IDLE) setsid $(MAKE) --no-print-directory later-builds >.build/later-builds.log 2>&1 & builds=$$!; \
	  trap 'kill -- -$$builds 2>/dev/null' EXIT; \
	  $(REAL_TIME) $(WAYLAND) $(KWIN) LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) timeout --kill-after=30 $(TEST_TIMEOUT) \
	    $(SWIFT) test --skip-build --skip "$$pattern|$$wayland|$$xwayland|$$kwin" && \
	  LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) scripts/with-sway -- \
	    timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build --filter "$$wayland" && \
	  LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) scripts/with-sway --xwayland -- \
	    timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build --filter "$$xwayland" && \
	  LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) scripts/with-kwin -- \
	    timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build --filter "$$kwin" && \
	  LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) timeout --kill-after=30 $(TEST_TIMEOUT) \
	    $(SWIFT) test --skip-build --no-parallel --filter "$$pattern" || exit; \
	  wait $$builds || { tail -40 .build/later-builds.log; echo "make test: a build failed" >&2; exit 1; }; \
	  trap - EXIT
	$(MAKE) --no-print-directory sanitizer-run $(TSAN_RUN)
	$(MAKE) --no-print-directory sanitizer-run $(ASAN_RUN)
	$(MAKE) --no-print-directory check-deb $(TEST_RELEASE)
	scripts/check-startup-order $(TEST_RELEASE_SCRATCH)/release/lyricpip-player
	FUZZ_SECONDS=$(CI_FUZZ_SECONDS) FUZZ_JOBS=2 scripts/fuzz

# What `make test` builds in the background while the real-time suites run.
later-builds:
	$(call sanitizer_build,thread,.build-tsan,$(TSAN_FLAGS))
	$(call sanitizer_build,address,.build-asan,)
	$(MAKE) --no-print-directory release $(TEST_RELEASE)
	FUZZ_BUILD_ONLY=1 scripts/fuzz

# Every parser of unchecked input under libFuzzer and AddressSanitizer, FUZZ_SECONDS seconds per
# target, built apart in .build-fuzz (docs/fuzzing.md); `make fuzz FUZZ_TARGETS="lrc ttml"` runs
# only those. `make test` runs each for CI_FUZZ_SECONDS, a smoke run: every target builds, starts,
# gets through its seeds and a few seconds of new inputs.
FUZZ_SECONDS ?= 20
CI_FUZZ_SECONDS ?= 1
FUZZ_TARGETS ?=
fuzz: deps
	FUZZ_LOG=docs/fuzzing-runs.tsv FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz $(FUZZ_TARGETS)

# The sanitizer runs alone. Each sanitizer builds into a folder of its own (.build-tsan,
# .build-asan), so switching between them and the plain build never rebuilds everything.
test-tsan: deps
	$(MAKE) --no-print-directory sanitizer-run $(TSAN_RUN)

test-asan: deps
	$(MAKE) --no-print-directory sanitizer-run $(ASAN_RUN)

sanitizer-run:
	$(call sanitizer_build,$(SANITIZER),$(SANITIZER_BUILD),$(SANITIZER_FLAGS))
	$(SANITIZED) $(SANITIZER_OPTIONS) LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) timeout --kill-after=30 $(TEST_TIMEOUT) \
	  $(SWIFT) test --skip-build --scratch-path $(SANITIZER_BUILD) --sanitize=$(SANITIZER) \
	  --filter "$$pattern"

# Plays the demo (windows and sound; steps down to the terminal and silence where those are missing).
run: release
	scripts/run-demo $(RELEASE_BIN)

lint:
	$(LINT)

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

bench-parse: release
	scripts/bench-parse

bench-online: release
	scripts/bench-online

bench-sync: release
	$(SERVICES) scripts/bench-sync

bench-follow: release
	$(SERVICES) scripts/bench-follow

bench-ui: release
	$(SERVICES) scripts/bench-ui

# The native Wayland strip against the X11 strip, alternating rounds in one run: a private sway
# beside the X server of with-services (docs/benchmarks.md, "The two strips' cost"); then the
# whole desktop's cost, lyricpip + sway + Xwayland, the X11 strip under sway's XWayland.
bench-wayland: release
	LYRICPIP_SWAY_OUTPUT=1920x1080 $(SERVICES) scripts/with-sway -- scripts/bench-strip-backends
	LYRICPIP_SWAY_OUTPUT=1920x1080 $(SERVICES) scripts/with-sway --xwayland -- \
	  scripts/bench-strip-backends --desktop

# The strip's CPU while the fill moves and while paused, and its peak memory, on X11 and on the
# native Wayland strip, beside mpv, against the goals (docs/benchmarks.md, "The strip's cost
# against its goals"); about 80 s.
bench-strip: release
	LYRICPIP_SWAY_OUTPUT=1920x1080 $(SERVICES) scripts/with-sway -- scripts/bench-strip-cost

bench-pip-entry: release
	$(SERVICES) scripts/bench-pip-entry

bench-queue: release
	$(SERVICES) scripts/bench-queue
	$(SERVICES) scripts/bench-queue --flat

# Launch to the first sound, beside paplay (the floor) and mpv, alternating rounds
# (docs/benchmarks.md, "The first sound"). On a machine busy with other work, run it as
# `chrt -f 10 scripts/with-services -- scripts/bench-first-sound` (what the docs' figures did).
bench-first-sound: release
	$(SERVICES) scripts/bench-first-sound

# Long runs and load, not part of `make test` (docs/benchmarks.md, "Long runs and load"): the
# 30-minute track and the 30-minute follow side by side, then track changes and seeks (also
# under LeakSanitizer, so the AddressSanitizer build of lyricpip is made too), then both cores
# busy. About 45 minutes; SOAK_MINUTES, SOAK_TRACK_CHANGES, SOAK_SEEKS and SOAK_LOAD_LINES
# shorten it (scripts/bench-soak says what each does).
bench-soak: release
	$(SWIFT) build --product lyricpip --sanitize=address --scratch-path .build-asan
	$(SERVICES) scripts/bench-soak --together

# The joint between two tracks (gap in samples, departure from the tone, trackChanged against
# the recording) and ReplayGain's -6 dB, recorded from the private server: the recording tests,
# whose measured figures are printed (docs/benchmarks.md).
bench-gapless: deps
	$(SWIFT) build --build-tests
	LYRICPIP_REQUIRE_SERVICES=1 $(SERVICES) $(SWIFT) test --skip-build --no-parallel \
	  --filter GaplessRecordingTests >.build/bench-gapless.log 2>&1; status=$$?; \
	  grep -E 'gapless joint|replaygain|passed|failed' .build/bench-gapless.log; exit $$status

demo:
	scripts/make-demo

# `make release && sudo make install`: the binary, the data it finds beside its bin/ at run time
# (share/lyricpip: the demo and the strip's placeholder), the desktop entry, the icon, the man
# page, the shell completions (bash, zsh, fish: where each shell's own packages look; printed by
# the binary installed, `lyricpip completions SHELL`, from its table of flags, each written
# beside its place and then moved there) and the autostart entry of `lyricpip follow` (which
# follows only when the settings say so).
# DESTDIR stages the tree for a package; INSTALL_BIN installs another build (the tests use it).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?= $(RELEASE_BIN)
# The player beside the launcher; installed where the launcher looks for it, out of PATH.
INSTALL_PLAYER ?= $(dir $(INSTALL_BIN))lyricpip-player
PLAYERDIR := $(DESTDIR)$(PREFIX)/lib/lyricpip
BINDIR := $(DESTDIR)$(PREFIX)/bin
DATADIR := $(DESTDIR)$(PREFIX)/share/lyricpip
APPSDIR := $(DESTDIR)$(PREFIX)/share/applications
ICONDIR := $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# `lyricpip follow` with the desktop: the entry runs `lyricpip follow --autostart`, which exits
# at once unless the settings file says `follow-autostart = yes` (`follow --enable-autostart`).
SYSCONFDIR ?= /etc
AUTOSTARTDIR := $(DESTDIR)$(SYSCONFDIR)/xdg/autostart

install:
	@test -x $(INSTALL_BIN) || { echo "$(INSTALL_BIN) is not built: run 'make release' first" >&2; exit 1; }
	@test -x $(INSTALL_PLAYER) || { echo "$(INSTALL_PLAYER) is not built: run 'make release' first" >&2; exit 1; }
	install -D -m 755 $(INSTALL_BIN) $(BINDIR)/lyricpip
	install -D -m 755 $(INSTALL_PLAYER) $(PLAYERDIR)/lyricpip-player
	install -D -m 644 Assets/demo.ogg $(DATADIR)/Assets/demo.ogg
	install -D -m 644 Assets/pip-placeholder.png $(DATADIR)/Assets/pip-placeholder.png
	install -D -m 644 Lyrics/demo.lrc $(DATADIR)/Lyrics/demo.lrc
	install -D -m 644 Assets/lyricpip.desktop $(APPSDIR)/lyricpip.desktop
	install -D -m 644 Assets/lyricpip.svg $(ICONDIR)/lyricpip.svg
	install -D -m 644 docs/lyricpip.1 $(MANDIR)/lyricpip.1
	install -d $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	$(INSTALL_BIN) completions bash >$(BASHDIR)/lyricpip.new && mv $(BASHDIR)/lyricpip.new $(BASHDIR)/lyricpip
	$(INSTALL_BIN) completions zsh >$(ZSHDIR)/_lyricpip.new && mv $(ZSHDIR)/_lyricpip.new $(ZSHDIR)/_lyricpip
	$(INSTALL_BIN) completions fish >$(FISHDIR)/lyricpip.fish.new && mv $(FISHDIR)/lyricpip.fish.new $(FISHDIR)/lyricpip.fish
	chmod 644 $(BASHDIR)/lyricpip $(ZSHDIR)/_lyricpip $(FISHDIR)/lyricpip.fish
	install -D -m 644 Assets/lyricpip-follow.desktop $(AUTOSTARTDIR)/lyricpip-follow.desktop

uninstall:
	rm -f $(BINDIR)/lyricpip $(APPSDIR)/lyricpip.desktop $(ICONDIR)/lyricpip.svg
	rm -f $(MANDIR)/lyricpip.1 $(BASHDIR)/lyricpip $(ZSHDIR)/_lyricpip $(FISHDIR)/lyricpip.fish
	rm -f $(AUTOSTARTDIR)/lyricpip-follow.desktop
	rm -rf $(DATADIR) $(PLAYERDIR)

# `make deb`: an installable Debian package of the release build, made with dpkg-deb and no
# network (scripts/make-deb says what goes in and how Depends is worked out). The package is
# built as it is made today (`make release`); nothing about the build changes for it.
DEB_DIR := .build/deb

deb: release
	scripts/make-deb $(RELEASE_BIN) $(DEB_DIR)

# The package checked as `make test` does: lintian with no errors, then unpacked into a
# throw-away root and run from there.
check-deb: deb
	scripts/check-deb $(DEB_DIR)

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-release
