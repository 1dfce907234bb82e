# The two commands the README promises:
#   make run    set up, build and open the studio on the built-in example
#   make test   set up, build and run the whole test suite
# and the Debian packages (installer/):
#   make package        convstudio and convstudio-cuda in build/packages/ (xz, release)
#   make test-package   builds them fast (zstd -1), unpacks them into a scratch root and runs them
#                       there without the venv (ctest label `package`, a few minutes: not in test)
#   make test-install   root: apt install of build/packages/*.deb, runs from /usr/bin, apt remove
# run and test are safe on a fresh Debian 12 machine and cheap when everything is already in place.

BUILD_DIR ?= build
JOBS      ?= 2
VENV      ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/convstudio/venv
CMAKE_ARGS ?=
# ccache hits across clones (CI builds a fresh clone): paths relative to the checkout, and
# precompiled headers allowed.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
export CCACHE_SLOPPINESS := pch_defines,time_macros,include_file_mtime,include_file_ctime

.PHONY: setup configure build run test bench bench-data package test-package test-install clean translations test-remote \
        fuzz check-fuzz-short check-fuzz-ci test-asan test-tsan check-reliability

setup:
	./scripts/setup.sh

configure: setup
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCONVSTUDIO_VENV=$(VENV) $(CMAKE_ARGS)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/convstudio --example

test: build
	QT_QPA_PLATFORM=offscreen ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -LE package

bench: build
	./tests/bench/run_all.sh $(BUILD_DIR)

package: build
	./installer/make-packages.sh $(BUILD_DIR) $(BUILD_DIR)/packages

test-package: build
	QT_QPA_PLATFORM=offscreen ctest --test-dir $(BUILD_DIR) --output-on-failure -L package

test-install: package
	./tests/installer/check_installed.sh $(BUILD_DIR)/packages $(BUILD_DIR)

# Remote targets for real (issue 39): a throwaway sshd on 127.0.0.1 and a single-node SLURM
# (Debian's openssh-server, slurm-wlm and munge), trained on directly and through sbatch, a link
# killed mid-run, Stop by signal and by scancel (a few minutes; the suite runs the short part).
test-remote: build
	CONVSTUDIO_EXTRA_PACKAGES="slurm-wlm munge" ./scripts/setup.sh
	./tests/remote/run.sh $(BUILD_DIR)/bin/convstudio-cli

# The data pipeline's benchmark alone (issue 14; tens of minutes, generates ~1.5 GB of JPEGs
# under /tmp the first time): PAIRS paired runs against torchvision's DataLoader.
PAIRS ?= 5
bench-data: build
	./tests/bench/data_bench.sh $(BUILD_DIR) $(PAIRS)

translations:
	./scripts/update-translations.sh

# Attacks (issue 12; figures in docs/RELIABILITY.md). None is part of `make test`, whose short
# versions (crash trials, start/stop cycles, disk full) are in the suite.
#   make fuzz               libFuzzer harnesses (clang, build-fuzz/), FUZZ_SECONDS each (600),
#                           FUZZ_JOBS at a time (2); check-fuzz-short: 30 s each
#   make test-asan          ASan+UBSan build of the engine and model tests (build-asan/)
#   make test-tsan          TSan build of the trainer-control, bridge and data-loader tests (build-tsan/)
#   make check-reliability  100 SIGKILLed training runs resumed; 100 start/stop cycles
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 2
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) JOBS=$(JOBS) \
	  ./tests/fuzz/fuzz.sh $(CURDIR)/build-fuzz $(VENV)

check-fuzz-short:
	$(MAKE) fuzz FUZZ_SECONDS=30

# CI's guard against rot (.ci/run): every harness builds and runs 5 s on its corpus, one at a time,
# then the torch-free model and runs tests run over the instrumented model library.
check-fuzz-ci:
	$(MAKE) fuzz FUZZ_SECONDS=5 FUZZ_JOBS=1
	SANITIZED_TESTS=1 JOBS=$(JOBS) ./tests/fuzz/fuzz.sh $(CURDIR)/build-fuzz $(VENV)

test-asan: setup
	JOBS=$(JOBS) ./tests/sanitizers/run_sanitized_tests.sh asan $(CURDIR)/build-asan $(VENV)

TRIALS ?= 100
CYCLES ?= 100
check-reliability: build
	./tests/reliability/crash_trials.sh $(BUILD_DIR)/bin/convstudio-cli /tmp/convstudio-crash-trials $(TRIALS)
	QT_QPA_PLATFORM=offscreen CONVSTUDIO_START_STOP_CYCLES=$(CYCLES) \
	  $(BUILD_DIR)/bin/training_start_stop_test

test-tsan: setup
	JOBS=$(JOBS) ./tests/sanitizers/run_sanitized_tests.sh tsan $(CURDIR)/build-tsan $(VENV)

clean:
	rm -rf $(BUILD_DIR)
