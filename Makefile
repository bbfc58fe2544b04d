# SPDX-License-Identifier: GPL-2.0
#
# style_plugin: a GCC plugin that enforces the kernel's "one statement per
# line" coding style, with the glue to use it as `make W=style`.
#
#   make               build plugin/style_plugin.so
#   make deps          install the Debian packages everything needs
#   make check-plugin  the plugin's DejaGnu suite and fast tests
#   make check-plugin-gcc11  the GCC-dependent part of it with GCC 11, and
#                      each GCC refusing the plugin built for the other
#                      (check-plugin-gcc13, -gcc14: in a Debian 13 chroot)
#   make check-robust  unusual inputs, ccache/distcc, samples of GCC's tests
#                      and csmith, valgrind (robust-all: the whole corpus)
#   make check         everything: plugin, robustness, kbuild series, kernels
#                      built with W=style and booted in QEMU (CHECK_STAGES=plugin
#                      for the fast part)
#   make install       install into GCC's plugin directory (-fplugin=style_plugin)
#   make demo          install what is missing, patch a 6.1 kernel, build it with
#                      W=style, summarize the warnings, boot it in QEMU
#   make results       regenerate results/ (the benchmark, the defconfig's
#                      tree-wide patch; hours: bench/bench.mk)
#   GCC=gcc-11         with "make", "make check-plugin": for GCC 11 (build/gcc-11/)

# GCC is the compiler the plugin is built for (GCC=gcc-11: GCC 11), CXX
# the C++ compiler that builds it and compiles the C++ tests: by default
# the g++ of the same release (g++-11 for gcc-11).
GCC		?= gcc
ifeq ($(origin CXX),default)
CXX		:= $(patsubst %$(notdir $(GCC)),%$(subst gcc,g++,$(notdir $(GCC))),$(GCC))
endif
GXX		:= $(CXX)
HOSTCC		?= gcc
GCC_PLUGIN_DIR	:= $(shell $(GCC) -print-file-name=plugin)
BUILD		?= $(CURDIR)/build

# The plugin for the default gcc is plugin/style_plugin.so; one for
# another GCC goes to $(PLUGIN_BUILD)/GCC/ (build/gcc-11/style_plugin.so),
# so that building for one never replaces the other.  Each is rebuilt
# when its compiler changes (another release, another plugin directory).
PLUGIN_BUILD	?= $(BUILD)
ifeq ($(GCC),gcc)
PLUGIN		:= plugin/style_plugin.so
else
PLUGIN		:= $(PLUGIN_BUILD)/$(notdir $(GCC))/style_plugin.so
endif
PLUGIN_SRCS	:= plugin/style_plugin.c plugin/style_walk.c plugin/style_rules.c \
		   plugin/style_fixit.c plugin/style_report.c plugin/style_source.c \
		   plugin/style_lex.c plugin/style_input.c plugin/style_sarif.c \
		   plugin/style_controls.c plugin/style_records.c plugin/style_keyset.c \
		   plugin/style_directives.c \
		   plugin/style_keyfile.c \
		   plugin/style_map.c plugin/style_options.c plugin/style_loc.c \
		   plugin/style_diag.c
PLUGIN_HDRS	:= plugin/style_compat.h plugin/style_plugin.h plugin/style_lex.h \
		   plugin/style_input.h plugin/style_sarif.h plugin/style_controls.h \
		   plugin/style_records.h plugin/style_keyset.h plugin/style_grow.h \
		   plugin/style_directives.h \
		   plugin/style_keyfile.h \
		   plugin/style_map.h plugin/style_options.h plugin/style_diag.h \
		   plugin/style_rules.def
PLUGIN_ID	:= $(PLUGIN).gcc

# The flags the kernel's scripts/gcc-plugins/Makefile uses, so that what
# builds here builds there.
PLUGIN_CXXFLAGS	?= -O2 -g -Wall -Wextra -Wno-unused-parameter \
		   -Wno-missing-field-initializers
PLUGIN_CXXFLAGS	+= -fPIC -std=gnu++11 -fno-rtti -fno-exceptions \
		   -fasynchronous-unwind-tables -Wno-narrowing \
		   -Wno-format-diag -I $(GCC_PLUGIN_DIR)/include -I plugin

# Linked as the kernel links it (kbuild/gen-series.sh): the plugin uses
# nothing of libstdc++, which g++ links by default; --as-needed leaves it
# out, so that no compile loads it (about 3.7 M instructions, 26 system
# calls and 1 MB of peak memory per compile).
PLUGIN_LDFLAGS	?= -Wl,--as-needed

# The tests take the compilers and the plugin from the environment.
PLUGIN_ABS	:= $(abspath $(PLUGIN))
export GCC GXX BUILD
export PLUGIN=$(PLUGIN_ABS)

.PHONY: all deps check check-plugin check-plugin-gcc11 check-plugin-gcc13 \
	check-plugin-gcc14 check-robust \
	robust-all install uninstall clean help plugin-path FORCE
all: $(PLUGIN)

$(PLUGIN): $(PLUGIN_SRCS) $(PLUGIN_HDRS) $(PLUGIN_ID)
	@test -f $(GCC_PLUGIN_DIR)/include/plugin-version.h || { \
	  echo "error: no GCC plugin headers in $(GCC_PLUGIN_DIR)/include;" \
	       "install gcc-$$($(GCC) -dumpversion | cut -d. -f1)-plugin-dev" \
	       "(or run 'make deps')" >&2; exit 1; }
	$(CXX) $(PLUGIN_CXXFLAGS) -shared $(PLUGIN_LDFLAGS) -o $@ $(PLUGIN_SRCS)

# The compiler the plugin is built for, rewritten only when it changes.
$(PLUGIN_ID): FORCE
	@mkdir -p $(dir $@)
	@id='$(GCC) $(shell $(GCC) -dumpfullversion) $(GCC_PLUGIN_DIR)'; \
	 [ "$$(cat $@ 2>/dev/null)" = "$$id" ] || echo "$$id" > $@

# Where the plugin for $(GCC) is: make -s GCC=gcc-11 plugin-path
plugin-path:
	@echo $(PLUGIN_ABS)

deps:
	scripts/deps.sh
	scripts/deps-npm.sh

check-plugin: $(PLUGIN)
	scripts/check.sh plugin

# GCC 11 as well as 12 (Debian 12 has both): the plugin stages whose
# results depend on the GCC release, with GCC 11 (its plugin in
# build/gcc-11/, its results in build/gcc-11/check/), then the plugin
# built for each GCC loaded by the other: the gcc11 stage of make check.
check-plugin-gcc11: $(PLUGIN)
	scripts/check.sh gcc11

# GCC 13 and 14, Debian 13's, in a chroot of it under build/ (as root:
# scripts/chroot-trixie.sh makes it on first use): the same stages, and
# each GCC refusing the plugin built for another (14: Debian 13's 12).
check-plugin-gcc13 check-plugin-gcc14: check-plugin-gcc%:
	scripts/check.sh gcc$*

check-robust: $(PLUGIN)
	scripts/check.sh robust

# The whole of GCC's C and C++ tests and 500 csmith programs: about an
# hour on two cores.
robust-all: $(PLUGIN)
	testsuite/robust/corpus.sh --all --cxx
	testsuite/robust/csmith.sh 500

# The stages of `make check`: the table in scripts/check.sh, which
# `make help` and `scripts/check.sh --list` print; it ends with "N
# passed, N failed" after each stage's time next to its budget.
CHECK_STAGES	?= all

check: deps
	$(MAKE) $(PLUGIN)
	scripts/check.sh $(CHECK_STAGES)

install: $(PLUGIN)
	install -d $(DESTDIR)$(GCC_PLUGIN_DIR)
	install -m 0644 $(PLUGIN) $(DESTDIR)$(GCC_PLUGIN_DIR)/style_plugin.so

uninstall:
	rm -f $(DESTDIR)$(GCC_PLUGIN_DIR)/style_plugin.so

clean:
	rm -f $(PLUGIN) $(PLUGIN_ID) plugin/*.o
	rm -rf $(BUILD)/testsuite $(BUILD)/results

help:
	@sed -n '3,22s/^# \{0,1\}//p' Makefile
	@echo
	@echo "The stages of make check (CHECK_STAGES=STAGE...):"
	@scripts/check.sh --list

# The kernel targets install what they need first.
QEMU_DEPS	:= deps

-include kbuild/kbuild.mk
-include qemu/qemu.mk
-include bench/bench.mk
