# The README's two commands. Both install what is missing (Debian packages), configure,
# build with -j2, then `demo` ranks ResNet-50's parallelization strategies on ABCI at 16 to 1024
# GPUs (`ringline advise`), as a table and a chart whose file it names on its last line, and
# `test` runs every test via ctest.
BUILD ?= build
JOBS ?= 2
PACKAGES = antlr4 libantlr4-runtime-dev uuid-dev llvm-19-dev llvm-19-tools libfmt-dev \
           libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev cmake ninja-build g++ \
           python3 ccache gnuplot-nox

.PHONY: demo test setup build clean

setup:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

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

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
