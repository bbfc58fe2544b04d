# qemu/qemu.mk - make fragment for the top-level Makefile (`include qemu/qemu.mk`).
# Builds tiny kernels from Debian's linux-source packages with W=style,
# summarizes the style warnings and boots them in QEMU (see qemu/kernel.sh).
#
# Targets:
#   qemu-6.1, qemu-6.12  W=style build + warning summary + QEMU boot
#   check-qemu           both of the above, plus plain-vs-style byte
#                        identity of vmlinux/bzImage for 6.1
#   demo                 6.1 end to end, showing the guest console
#   check-arm64          6.1's arm64 QEMU kernel with W=style, cross
#                        compiled, boots (testsuite/kbuild/test-arch.sh)
#   check-arches         arm64 and riscv64, each also byte-identical to
#                        its plain build, then the build-only matrix of
#                        every Debian cross compiler with plugin headers
#                        (not in make check; about 2 hours on 2 cores)
# Variables:
#   BUILD            absolute build dir (default $(CURDIR)/build)
#   QEMU_DEPS        prerequisites of these targets (e.g. the plugin), empty
#   STYLE_MAKE_ARGS  kernel make args of the style build (default W=style)

QEMU_MK_DIR := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
BUILD ?= $(CURDIR)/build
QEMU_DEPS ?=
QEMU_KERNEL := BUILD='$(BUILD)' $(QEMU_MK_DIR)/kernel.sh

.PHONY: qemu-6.1 qemu-6.12 check-qemu demo check-arm64 check-arches

qemu-6.1 qemu-6.12: qemu-%: $(QEMU_DEPS)
	$(QEMU_KERNEL) $*

# Sequential on purpose: each kernel build already uses all cores.  The
# 6.1 builds keep GCC's fix-it hints in their logs and byte columns (the
# same flags on both sides; neither changes code), and the style build
# writes its merged SARIF log: check-kbuild-fix takes the style build as
# its reference, and check-kbuild-sarif as its -j2 build (scripts/check.sh,
# stages fix and kbuild-sarif).  First, kbuild_make, which shows the
# progress of these builds (testsuite/kbuild/test-progress.sh, seconds).
QEMU_KCFLAGS := -fdiagnostics-parseable-fixits -fdiagnostics-column-unit=byte
QEMU_SARIF := $(BUILD)/qemu-6.1/style/style.sarif
check-qemu: $(QEMU_DEPS)
	-BUILD='$(BUILD)' $(QEMU_MK_DIR)/../testsuite/kbuild/test-progress.sh
	KCFLAGS='$(QEMU_KCFLAGS)' IDENTITY=1 \
		STYLE_MAKE_ARGS="W=style STYLE_SARIF=$(QEMU_SARIF)" \
		$(QEMU_KERNEL) 6.1
	$(QEMU_KERNEL) 6.12

demo: $(QEMU_DEPS)
	BOOT_VERBOSE=1 $(QEMU_KERNEL) 6.1
	@echo "demo: style warnings: $(BUILD)/qemu-6.1/style/style-warnings.txt"
	@echo "demo: SARIF log:      $(QEMU_SARIF)"
	@echo "demo: console log:    $(BUILD)/qemu-6.1/style/boot.log"
	@grep -a -m1 STYLE-BOOT-OK '$(BUILD)/qemu-6.1/style/boot.log' | tr -d '\r'

# Other architectures, with Debian's cross compilers (scripts/deps.sh
# arm64, arches): the arm64 stage of make check builds and boots one
# kernel; check-arches adds the plain builds and riscv64, then the
# build-only matrix of every cross compiler with plugin headers
# (testsuite/kbuild/arch-matrix.sh, kbuild/cross-arches.txt; resumable,
# its table in $(BUILD)/arches/matrix/matrix.tsv).  Each part runs even
# if one before failed; the target fails if any did.
QEMU_ARCH := BUILD='$(BUILD)' $(QEMU_MK_DIR)/../testsuite/kbuild/test-arch.sh
check-arm64:
	$(QEMU_MK_DIR)/../scripts/deps.sh arm64
	$(QEMU_ARCH) arm64

check-arches:
	$(QEMU_MK_DIR)/../scripts/deps.sh arches
	@rc=0; \
	$(QEMU_ARCH) --shared --identity arm64 || rc=1; \
	$(QEMU_ARCH) --identity riscv || rc=1; \
	BUILD='$(BUILD)' $(QEMU_MK_DIR)/../testsuite/kbuild/arch-matrix.sh || rc=1; \
	exit $$rc
