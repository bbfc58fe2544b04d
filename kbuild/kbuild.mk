# kbuild/kbuild.mk - make targets for the kernel patch series (W=style).
#
# Included by the top-level Makefile; uses $(BUILD), the absolute build
# directory (default: <repo>/build). Targets:
#   kbuild-series         regenerate kbuild/patches from plugin/ + templates
#   check-kbuild          check-kbuild-kernels and check-kbuild-tools:
#   check-kbuild-kernels  check-series, wflags (6.1), build and env (the
#                         tests that build kernels)
#   check-kbuild-tools    the proof's tests (twice), check-treewide and
#                         check-treewide-queue (no kernel build)
#   check-kbuild-series   the series is up to date, applies to every tree
#                         without fuzz, and passes checkpatch.pl --strict
#   check-kbuild-wflags   W=1/2/3/e/c behave exactly as without the series
#   check-kbuild-build    a tinyconfig + CONFIG_WERROR=y kernel builds with
#                         W=style and reports each violation once
#   check-kbuild-env      testsuite/kbuild/test-env.sh: W= alone switches the plugin,
#                         no inherited environment variable does (6.1,
#                         tinyconfig, single objects: a few minutes)
#   kbuild-trees          kbuild/prepare-tree.sh for each version into
#                         $(BUILD)/linux-VERSION
#   check-kbuild-fix      testsuite/kbuild/test-fix.sh: fix-tree.sh on the 6.1 QEMU
#                         kernel, no code change (compare-objs.sh), boot
#   check-kbuild-sarif    testsuite/kbuild/test-sarif.sh: STYLE_SARIF= on the QEMU
#                         kernel (one log, the same in any compile order),
#                         new warnings only
#   check-kbuild-checker  testsuite/kbuild/test-checker.sh: make C=1/C=2 W=style,
#                         the style check as the checker pass, on the QEMU
#                         kernel built plain: no object or .cmd changed, the
#                         warnings and SARIF log of a W=style build; M=
#   check-kbuild-checker-faults  testsuite/kbuild/checker-faults.sh: that
#                         test seen to fail with six faults planted in turn
#                         (CHECKER_PLAIN, _STYLE, _TREE: built trees reused)
#   check-kbuild-proof    testsuite/kbuild/test-proof.sh: compare-objs.sh rejects
#                         planted code changes, accepts formatting (a
#                         minute: run at two paths of different lengths)
#   check-kbuild-distributed  testsuite/kbuild/test-distributed.sh: W=style objects
#                         through icecc and distcc with real daemons on a
#                         private loopback (as root), against a local build
#   check-treewide        testsuite/kbuild/check-treewide.sh: the committed
#                         treewide/6.12 applies to a fresh linux-source-6.12
#                         without fuzz, changes only blanks, is signed, its
#                         proof.log has 0 unexplained; a planted change is
#                         rejected (about a minute: unpacking the files;
#                         not in check-kbuild yet: the committed proof.log
#                         covers 7 of the 14 patches)
#   check-treewide-queue  testsuite/kbuild/test-queue.sh: kbuild/treewide-queue.sh
#                         (Morton's rule) and scripts/style-port on queues
#                         the test makes; planted failures (about 10 s of CPU)
#   check-sweep           testsuite/kbuild/check-sweep.sh: the committed
#                         sweep results (treewide/6.12/sweep) are
#                         well-formed, consistent with the coverage list,
#                         unpack and pack back the same (seconds)
#   treewide              the 6.12 allmodconfig sweeps (sweep, and
#                         sweep-cross for CROSS_ARCHES), then treewide/6.12
#                         from them (kbuild/treewide.sh), its proofs
#                         (kbuild/treewide-proof.sh for x86_64's objects,
#                         kbuild/treewide-tokens.sh for the others'), report
#                         (kbuild/treewide-report.sh), held-out measure
#                         and cover letter; hours, resumable;
#                         QUEUE=Q: none of the pending patches of Q (quilt
#                         dir, mbox, REPO:A..B) is broken by it (Morton's rule)
#   sweep                 the whole 6.12 x86_64 allmodconfig swept
#                         (kbuild/sweep.sh), the candidate grep's files
#                         first, then the rest spread over the tree, going on from the results committed in
#                         SWEEP_DATA (treewide/6.12/sweep) and packed into
#                         it at the end; many hours on 2 cores, resumable
#   sweep-pack            the sweep's results so far into SWEEP_DATA (while
#                         it runs: then commit SWEEP_DATA)
#   sweep-cross           CROSS_ARCH's (default arm64) allmodconfig swept
#                         with its cross compiler (kbuild/sweep-cross.sh):
#                         the C files that x86_64's does not compile
#                         (SWEEP_DATA's coverage.txt; arm64: all, others:
#                         the candidate grep's), resumable, packed into
#                         CROSS_DATA (treewide/6.12/sweep-CROSS_ARCH);
#                         sweep-cross-pack packs it while it runs
#   sweep-icecc           the sweep of SWEEP_ICECC_DIRS through icecc on
#                         loopback daemons (kbuild/sweep-icecc.sh), against
#                         the committed local sweep: treewide/6.12/sweep-icecc.txt
#   same-line-bodies      the held-out measure of treewide/6.12
#                         (kbuild/same-line-bodies.sh --series): bodies on
#                         their header's line in a fresh linux-source-6.12,
#                         before and after the series, into
#                         treewide/6.12/same-line-bodies.txt (a few minutes)
#   treewide-cover        treewide/6.12/0000-cover-letter.patch
#                         (kbuild/treewide-cover.sh: the sweep, the proof,
#                         the held-out measure, each patch's diffstat)
# Variables: KBUILD_VERSIONS (default "6.1 6.12"), JOBS (default 2).
# Needs: gcc, gcc-N-plugin-dev, g++, make, flex, bison, bc, libelf-dev,
# libssl-dev, cpio, perl, patch, git, xz-utils and linux-source-VERSION.

KBUILD_DIR	:= $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
KBUILD_VERSIONS	?= 6.1 6.12
BUILD		?= $(abspath $(KBUILD_DIR)/../build)
# The kbuild tests (testsuite/kbuild/), apart from the tools here.
KBUILD_TEST_DIR	:= $(KBUILD_DIR)/../testsuite/kbuild
JOBS		?= 2

kbuild-env	= BUILD=$(BUILD) JOBS=$(JOBS)

.PHONY: kbuild-series check-kbuild check-kbuild-series check-kbuild-wflags \
	check-kbuild-build kbuild-trees

kbuild-series:
	$(KBUILD_DIR)/gen-series.sh

# All of them, one after the other (also under make -j: the tests share
# $(BUILD)/kbuild-test), and each even if one before it failed, so that
# every PASS/FAIL line is printed; the tests use the committed series.
# The W= flags are compared on 6.1 only here (about 7 minutes a tree, the
# largest part of make check): make check-kbuild-wflags compares both.
KBUILD_WFLAGS_VERSIONS ?= 6.1
# check-kbuild-kernels: the tests that build kernels; check-kbuild-tools:
# the proof, the committed tree-wide series and the pending-patch tools,
# which build none (two stages of make check, each within its budget).
check-kbuild:
	@rc=0; \
	$(MAKE) --no-print-directory check-kbuild-kernels || rc=1; \
	$(MAKE) --no-print-directory check-kbuild-tools || rc=1; \
	exit $$rc

.PHONY: check-kbuild-kernels check-kbuild-tools
check-kbuild-kernels:
	@rc=0; \
	$(KBUILD_TEST_DIR)/check-series.sh $(KBUILD_VERSIONS) || rc=1; \
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-wflags.sh $(KBUILD_WFLAGS_VERSIONS) || rc=1; \
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-build.sh $(KBUILD_VERSIONS) || rc=1; \
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-env.sh 6.1 || rc=1; \
	exit $$rc

check-kbuild-tools:
	@rc=0; \
	$(proof-tests) || rc=1; \
	$(KBUILD_TEST_DIR)/check-treewide.sh 6.12 || rc=1; \
	$(KBUILD_TEST_DIR)/test-queue.sh || rc=1; \
	$(KBUILD_TEST_DIR)/check-sweep.sh 6.12 || rc=1; \
	exit $$rc

check-kbuild-series:
	$(KBUILD_TEST_DIR)/check-series.sh $(KBUILD_VERSIONS)

check-kbuild-wflags:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-wflags.sh $(KBUILD_VERSIONS)

check-kbuild-build:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-build.sh $(KBUILD_VERSIONS)

.PHONY: check-kbuild-env
check-kbuild-env:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-env.sh 6.1

kbuild-trees:
	@set -e; for v in $(KBUILD_VERSIONS); do \
		$(kbuild-env) $(KBUILD_DIR)/prepare-tree.sh $$v $(BUILD)/linux-$$v; \
	done

# icecc-scheduler, two iceccd and distccd on the loopback of a network
# namespace of its own: a few 6.1 objects through each (a few minutes).
.PHONY: check-kbuild-distributed
check-kbuild-distributed:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-distributed.sh

# The proof's own tests: small builds, a minute. Run twice, at two
# paths of different lengths: the paths reach vmlinux (its build-id
# hashes the debug info), and so the size of bzImage's compressed
# payload, on which the proof's verdict on setup.bin depends; the
# second run's tests are named "proof at another path: ...".
PROOF_WORK2	= $(BUILD)/proof-test-again-at-a-path-of-another-length
proof-tests	= { $(kbuild-env) $(KBUILD_TEST_DIR)/test-proof.sh; r1=$$?; \
		    $(kbuild-env) WORK=$(PROOF_WORK2) bash -c 'set -o pipefail; \
			$(KBUILD_TEST_DIR)/test-proof.sh | \
			sed -u "s/^\(PASS\|FAIL\): proof: /\1: proof at another path: /"' && \
		    [ $$r1 = 0 ]; }
.PHONY: check-kbuild-proof
check-kbuild-proof:
	@$(proof-tests)

# Not part of check-kbuild (two more kernel builds, 7-15 minutes).
.PHONY: check-kbuild-fix
check-kbuild-fix:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-fix.sh 6.1

# Not part of check-kbuild: make W=style STYLE_SARIF= on the CI kernel,
# base/head new warnings.  One kernel build (7-10 minutes), none when
# SARIF_REFERENCE names the qemu stage's (make check: a few minutes).
.PHONY: check-kbuild-sarif
check-kbuild-sarif:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-sarif.sh

# Not part of check-kbuild: make C=1 W=style and C=2 W=style on the CI
# kernel built plain, against its W=style build (issue 35).  Two kernel
# builds, none when CHECKER_PLAIN names the qemu stage's (make check).
.PHONY: check-kbuild-checker
check-kbuild-checker:
	$(kbuild-env) $(KBUILD_TEST_DIR)/test-checker.sh

# Not part of make check: test-checker.sh seen to fail, with each of six
# faults planted in turn in CHECKER_TREE's kbuild files (about 3 minutes
# of CPU a fault; CHECKER_PLAIN, CHECKER_STYLE and CHECKER_TREE as for
# the test: the builds are reused).
.PHONY: check-kbuild-checker-faults
check-kbuild-checker-faults:
	$(kbuild-env) $(KBUILD_TEST_DIR)/checker-faults.sh

# The committed tree-wide patches of 6.12 (issue 21).
.PHONY: check-treewide treewide
check-treewide:
	$(KBUILD_TEST_DIR)/check-treewide.sh 6.12

# Work in flight (issue 32): Morton's rule and scripts/style-port on
# queues the test makes (seconds).
.PHONY: check-treewide-queue
check-treewide-queue:
	$(KBUILD_TEST_DIR)/test-queue.sh

# The committed series: the whole x86_64 allmodconfig's sweep (make
# sweep, from the committed SWEEP_DATA: nothing is compiled again when it
# is complete) and those of CROSS_ARCHES (make sweep-cross, likewise),
# the series of all their fix-its (kbuild/treewide.sh, CROSS_SWEEPS), the
# object proof of the x86_64 objects (kbuild/treewide-proof.sh) and the
# token proof of each other architecture's (kbuild/treewide-tokens.sh).
# TREEWIDE_SAMPLE: the sample checkpatch.pl is timed on.
CROSS_ARCHES ?= arm64 parisc arm alpha i386 m68k powerpc sparc sh mips riscv
TREEWIDE_SAMPLE ?= drivers/atm fs/hpfs
# QUEUE: pending patches the series must not break (kbuild/treewide-queue.sh).
QUEUE ?=
cross-prefix-of = $(shell awk -F'\t' '$$3 == "$(1)" { print $$2; exit }' $(KBUILD_DIR)/cross-arches.txt)
treewide: sweep
	for a in $(CROSS_ARCHES); do $(MAKE) sweep-cross CROSS_ARCH=$$a || exit 1; done
	CROSS_SWEEPS="$(foreach a,$(CROSS_ARCHES),$(BUILD)/sweep-$(a)/out)" QUEUE=$(QUEUE) \
		$(KBUILD_DIR)/treewide.sh 6.12 $(BUILD)/linux-6.12 $(SWEEP_WORK)/obj $(SWEEP_WORK)/out treewide/6.12
	$(kbuild-env) $(KBUILD_DIR)/treewide-proof.sh $(BUILD)/linux-6.12 \
		$(SWEEP_WORK)/obj $(SWEEP_WORK)/out treewide/6.12
	$(foreach a,$(CROSS_ARCHES),$(kbuild-env) ARCH=$(a) CROSS_COMPILE=$(call cross-prefix-of,$(a)) \
		$(KBUILD_DIR)/treewide-tokens.sh $(BUILD)/linux-6.12 $(BUILD)/sweep-$(a)/obj \
		$(BUILD)/sweep-$(a)/out treewide/6.12 &&) true
	$(KBUILD_DIR)/treewide-report.sh $(BUILD)/linux-6.12 $(SWEEP_WORK)/obj \
		$(SWEEP_WORK)/out treewide/6.12 $(TREEWIDE_SAMPLE)
	$(MAKE) same-line-bodies treewide-cover

# The whole allmodconfig (issue 34): every C file, the candidates first.
# SWEEP_DIRS: directories only (default: the whole tree).
SWEEP_DATA ?= treewide/6.12/sweep
SWEEP_WORK ?= $(BUILD)/sweep
SWEEP_DIRS ?=
.PHONY: sweep sweep-pack check-sweep
check-sweep:
	$(KBUILD_TEST_DIR)/check-sweep.sh 6.12

sweep:
	$(kbuild-env) $(KBUILD_DIR)/prepare-tree.sh 6.12 $(BUILD)/linux-6.12
	mkdir -p $(SWEEP_WORK) $(SWEEP_DATA)
	$(KBUILD_DIR)/sweep-candidates.sh $(BUILD)/linux-6.12 >$(SWEEP_WORK)/candidates.txt
	$(kbuild-env) $(KBUILD_DIR)/sweep.sh --first $(SWEEP_WORK)/candidates.txt --spread \
		--data $(SWEEP_DATA) $(BUILD)/linux-6.12 $(SWEEP_WORK)/obj $(SWEEP_WORK)/out $(SWEEP_DIRS)

# Another architecture's allmodconfig (issue 34): the files only it
# compiles (arm64: all of them; the others: the candidate grep's),
# with the cross compiler that kbuild/cross-arches.txt names.
CROSS_ARCH ?= arm64
CROSS_DATA ?= treewide/6.12/sweep-$(CROSS_ARCH)
CROSS_WORK ?= $(BUILD)/sweep-$(CROSS_ARCH)
CROSS_ALL ?= $(if $(filter arm64,$(CROSS_ARCH)),--all)
# The sweep through icecc (issue 34), on the loopback daemons of
# kbuild/daemons.sh, against the committed local sweep: a sample of
# directories (needs make sweep's prepared O= directory, and root).
SWEEP_ICECC_DIRS ?= drivers/atm fs/hpfs drivers/input/joystick sound/pci/ice1712
.PHONY: sweep-icecc
sweep-icecc:
	$(kbuild-env) $(KBUILD_DIR)/sweep-icecc.sh $(BUILD)/linux-6.12 $(SWEEP_WORK)/obj \
		$(BUILD)/sweep-icecc $(SWEEP_DATA) $(SWEEP_ICECC_DIRS)
	cp $(BUILD)/sweep-icecc/icecc.txt treewide/6.12/sweep-icecc.txt

.PHONY: sweep-cross sweep-cross-pack
sweep-cross:
	$(kbuild-env) $(KBUILD_DIR)/prepare-tree.sh 6.12 $(BUILD)/linux-6.12
	$(kbuild-env) $(KBUILD_DIR)/sweep-cross.sh $(CROSS_ALL) $(CROSS_ARCH) $(BUILD)/linux-6.12 \
		$(CROSS_WORK) $(CROSS_DATA) $(SWEEP_DATA)/coverage.txt

sweep-cross-pack:
	$(KBUILD_DIR)/sweep-data.sh pack $(BUILD)/linux-6.12 $(CROSS_WORK)/obj \
		$(CROSS_WORK)/out $(CROSS_DATA)

.PHONY: same-line-bodies treewide-cover
same-line-bodies:
	$(KBUILD_DIR)/same-line-bodies.sh --series treewide/6.12 $(BUILD)/same-line-bodies \
		>$(BUILD)/same-line-bodies.txt
	mv $(BUILD)/same-line-bodies.txt treewide/6.12/same-line-bodies.txt

treewide-cover:
	$(KBUILD_DIR)/treewide-cover.sh treewide/6.12

sweep-pack:
	$(KBUILD_DIR)/sweep-data.sh pack $(BUILD)/linux-6.12 $(SWEEP_WORK)/obj \
		$(SWEEP_WORK)/out $(SWEEP_DATA)
