# bench/bench.mk - "make bench": W=style vs. plain GCC vs. checkpatch.pl on
# a real kernel build (bench/run.sh; results in results/bench/).
#
# Included by the top-level Makefile. Variables (passed on when set on the
# command line or in the environment): BENCH_VERSION (default 6.1),
# BENCH_DIRS (default: the whole x86_64 defconfig; e.g. "kernel mm"),
# BUILD (default <repo>/build; work files in $(BUILD)/bench), JOBS
# (default nproc), BENCH_COST_FILES, BENCH_REPS, BENCH_RESULTS, BENCH_BUILDS.
# The whole defconfig takes hours on 2 cores; BENCH_DIRS=kernel about 30
# minutes.

BENCH_DIR	:= $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))

# JOBS only when the user set it (kbuild.mk defaults it to 2; run.sh's
# default is nproc).
bench-env	= BUILD="$(BUILD)" \
		  $(if $(filter command line environment,$(origin JOBS)),JOBS="$(JOBS)")

.PHONY: bench
bench: deps
	$(bench-env) $(BENCH_DIR)/run.sh

# "make bench-sample": the plugin's cost per compile over a random sample
# of the defconfig's objects (bench/sample-cost.sh; SAMPLE_N, SAMPLE_SEED,
# SAMPLE_RUN, SAMPLE_REPS from the environment). Hours on one free core.
.PHONY: bench-sample
bench-sample: deps $(PLUGIN)
	$(bench-env) $(BENCH_DIR)/sample-cost.sh

# "make results": regenerate what results/ holds, each part with the
# settings it was made with (results/README.md):
#   results/bench/      the benchmark on four directories of the 6.1
#                       x86_64 defconfig (about 2 hours on 2 cores;
#                       make results-bench alone)
#   results/defconfig/  the whole defconfig's tree-wide patch and its proof
#                       (stages prepare, build and fix; about 1 hour), in
#                       a build directory of its own, $(BUILD)/defconfig
#                       (make results-defconfig alone)
#   results/whole-build/ not part of make results (about 3 hours alone
#                       on 2 cores, make results-whole-build): the whole
#                       defconfig's CPU plain, with the floor plugin and
#                       W=style, 3 interleaved rounds (bench/whole-build.sh),
#                       the system calls per compile over the 100-object
#                       sample, and one build whose every checked compile
#                       runs plain, floor and W=style side by side (the
#                       interleave stage, some 45 minutes more)
# README.md files there are written by hand.
RESULTS		:= $(abspath $(BENCH_DIR)/../results)
RESULTS_DEFCONFIG_WORK := $(BUILD)/defconfig/bench/results

.PHONY: results results-bench results-defconfig results-whole-build
results: results-bench results-defconfig
results-bench: deps
	BUILD="$(BUILD)" JOBS="$(JOBS)" BENCH_VERSION=6.1 \
	  BENCH_DIRS="kernel mm fs net/ipv4/netfilter" \
	  BENCH_COST_FILES="kernel/params.c fs/namei.c kernel/dma.c mm/page_alloc.c" \
	  BENCH_REPS=3 BENCH_RESULTS="$(RESULTS)/bench" $(BENCH_DIR)/run.sh
# The fix stage needs the style build alone.
results-defconfig: deps
	BUILD="$(BUILD)/defconfig" JOBS="$(JOBS)" BENCH_VERSION=6.1 \
	  BENCH_BUILDS=style $(BENCH_DIR)/run.sh prepare build fix
	rm -rf "$(RESULTS)/defconfig/treewide"
	cp -r "$(RESULTS_DEFCONFIG_WORK)/treewide.patch" \
	  "$(RESULTS_DEFCONFIG_WORK)/treewide" \
	  "$(RESULTS_DEFCONFIG_WORK)/fix-summary.txt" \
	  "$(RESULTS_DEFCONFIG_WORK)/compare.log" "$(RESULTS)/defconfig/"

# Alone on the machine: the CPU of one build is compared with the others'.
# Its work directories are given here, where the results are taken from.
WHOLE_BUILD_WORK := $(BUILD)/whole-build-defconfig
WHOLE_BUILD_SAMPLE := $(BUILD)/sample-cost
results-whole-build: deps $(PLUGIN)
	BUILD="$(BUILD)" JOBS=2 WB_FIRST=prepare PLUGIN="$(abspath $(PLUGIN))" \
	  WB_WORK="$(WHOLE_BUILD_WORK)" SAMPLE_WORK="$(WHOLE_BUILD_SAMPLE)" \
	  $(BENCH_DIR)/whole-build.sh build report syscalls interleave
	mkdir -p "$(RESULTS)/whole-build"
	cp "$(WHOLE_BUILD_WORK)/times.tsv" "$(WHOLE_BUILD_WORK)/report.txt" \
	  "$(WHOLE_BUILD_SAMPLE)/syscalls.tsv" "$(WHOLE_BUILD_SAMPLE)/syscalls.txt" \
	  "$(WHOLE_BUILD_WORK)/interleave.tsv" "$(WHOLE_BUILD_WORK)/interleave.txt" \
	  "$(RESULTS)/whole-build/"
