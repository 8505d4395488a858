# The README's two commands. Both install what is missing (Debian packages), configure,
# build with -j2 (the command, and the Python package in $(BUILD)/python, docs/python.md),
# then `demo` ranks ResNet-50's parallelization strategies on ABCI at 16 to 1024
# GPUs (`ringline advise`), as a table and a chart whose file it names on its last line, and
# `test` runs every test via ctest, then a minute of each fuzz target (built with the
# sanitizers in $(ASAN_BUILD); docs/robustness.md).
BUILD ?= build
JOBS ?= 2
# The ASan + UBSan build with the fuzz targets (docs/robustness.md), how long `fuzz-long`
# runs each target, and after how many wall-clock seconds one input counts as a hang there
# (niced on a loaded machine, a 9 s input took 309 s).
ASAN_BUILD ?= build-asan
FUZZ_SECONDS ?= 3600
FUZZ_TIMEOUT ?= 900
PACKAGES = antlr4 libantlr4-runtime-dev uuid-dev llvm-19-dev llvm-19-tools libfmt-dev \
           libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev cmake ninja-build g++ \
           python3 ccache gnuplot-nox clang-19 libclang-rt-19-dev \
           python3-dev pybind11-dev python3-numpy libopenmpi-dev openmpi-bin
# What `make test` adds: Debian's PyTorch (gloo) and iproute2 (`ip netns`, tc) for the short
# validation on an emulated cluster (docs/validation.md), which skips without root; pytest
# and pandas for the Python package's tests (docs/python.md), mpi4py for its sweeps over an MPI
# communicator (docs/mpi.md).
TEST_PACKAGES = python3-torch python3-torchvision iproute2 python3-pytest python3-pandas python3-mpi4py

.PHONY: demo test setup test-setup build clean asan-build fuzz-build test-asan fuzz-long

# Installs the missing packages of the list $(1) with apt-get (as root, or through sudo).
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

setup:
	$(call install_missing,$(PACKAGES))

test-setup: setup
	$(call install_missing,$(TEST_PACKAGES))

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release

build: setup $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/bin/ringline eval examples/abci_allreduce.rl
	@mkdir -p $(BUILD)/demo
	$(BUILD)/bin/ringline advise --model resnet50 --cluster abci --gpus 16,32,64,128,256,512,1024 --per-gpu 32 \
	  --plot $(BUILD)/demo/advise-resnet50-abci.svg
	@echo "chart: $(BUILD)/demo/advise-resnet50-abci.svg"

test: build fuzz-build test-setup
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	cd $(ASAN_BUILD) && ctest -L fuzz --output-on-failure -j $(JOBS)

$(ASAN_BUILD)/build.ninja:
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DRINGLINE_SANITIZE=ON

asan-build: setup $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# Only the fuzz targets (and the libraries they link), for `make test`.
fuzz-build: setup $(ASAN_BUILD)/build.ninja
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target fuzz_parse fuzz_check fuzz_eval fuzz_trace fuzz_csv

# The whole suite under the sanitizers, with a minute of each fuzz target.
test-asan: asan-build
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

# Each fuzz target for FUZZ_SECONDS in turn, at low priority: the spec targets from all the
# spec seeds, the readers' from their own.
fuzz-long: fuzz-build
	for t in parse check eval trace csv; do \
	  case $$t in trace|csv) seeds=test/fuzz/corpus/$$t ;; *) seeds="test/fuzz/corpus/quick test/fuzz/corpus/networks" ;; esac; \
	  FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) nice -n 10 test/fuzz/run.sh $(ASAN_BUILD)/bin/fuzz_$$t $(FUZZ_SECONDS) $(ASAN_BUILD)/test/fuzz/$$t \
	    $$seeds || exit 1; \
	done

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
