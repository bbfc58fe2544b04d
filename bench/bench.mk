# bench/bench.mk - "make bench": W=style vs. plain GCC vs. checkpatch.pl on
# a real kernel build (bench/run.sh; results in bench/results/).
#
# Included by the top-level Makefile. Variables (passed on when set on the
# command line or in the environment): BENCH_VERSION (default 6.1),
# BENCH_DIRS (default: the whole x86_64 defconfig; e.g. "kernel mm"),
# BUILD (default <repo>/build; work files in $(BUILD)/bench), JOBS
# (default nproc), BENCH_COST_FILES, BENCH_REPS, BENCH_RESULTS.
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
