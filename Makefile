# SPDX-License-Identifier: GPL-2.0
#
# style_plugin: a GCC plugin that enforces the kernel's "one statement per
# line" coding style, with the glue to use it as `make W=style`.
#
#   make               build plugin/style_plugin.so
#   make deps          install the Debian packages everything needs
#   make check-plugin  the plugin's DejaGnu suite and fast tests
#   make check-robust  unusual inputs, ccache/distcc, samples of GCC's tests
#                      and csmith, valgrind (robust-all: the whole corpus)
#   make check         everything: plugin, robustness, kbuild series, kernels
#                      built with W=style and booted in QEMU (CHECK_STAGES=plugin
#                      for the fast part)
#   make install       install into GCC's plugin directory (-fplugin=style_plugin)
#   make demo          install what is missing, patch a 6.1 kernel, build it with
#                      W=style, summarize the warnings, boot it in QEMU

GCC		?= gcc
CXX		?= g++
HOSTCC		?= gcc
GCC_PLUGIN_DIR	 = $(shell $(GCC) -print-file-name=plugin)
BUILD		?= $(CURDIR)/build
PLUGIN		:= plugin/style_plugin.so
PLUGIN_SRCS	:= plugin/style_plugin.c plugin/style_sarif.c
PLUGIN_HDRS	:= plugin/style_compat.h plugin/style_sarif.h

# The flags the kernel's scripts/gcc-plugins/Makefile uses, so that what
# builds here builds there.
PLUGIN_CXXFLAGS	?= -O2 -g -Wall -Wextra -Wno-unused-parameter \
		   -Wno-missing-field-initializers
PLUGIN_CXXFLAGS	+= -fPIC -std=gnu++11 -fno-rtti -fno-exceptions \
		   -fasynchronous-unwind-tables -Wno-narrowing \
		   -Wno-format-diag -I $(GCC_PLUGIN_DIR)/include -I plugin

# Operator delete and the C library come from the compiler, which exports
# them: linking libstdc++ would load it into every compile (2.5 MB more
# memory, and its dynamic linking at each start).
PLUGIN_LDFLAGS	?= -nodefaultlibs

export GCC BUILD

.PHONY: all deps check check-plugin check-robust robust-all install uninstall \
	clean help
all: $(PLUGIN)

$(PLUGIN): $(PLUGIN_SRCS) $(PLUGIN_HDRS)
	@test -f $(GCC_PLUGIN_DIR)/include/plugin-version.h || { \
	  echo "error: no GCC plugin headers in $(GCC_PLUGIN_DIR)/include;" \
	       "install gcc-$$($(GCC) -dumpversion | cut -d. -f1)-plugin-dev" \
	       "(or run 'make deps')" >&2; exit 1; }
	$(CXX) $(PLUGIN_CXXFLAGS) -shared $(PLUGIN_LDFLAGS) -o $@ $(PLUGIN_SRCS) -lc

deps:
	scripts/deps.sh
	scripts/deps-npm.sh

check-plugin: $(PLUGIN)
	scripts/check.sh plugin

check-robust: $(PLUGIN)
	scripts/check.sh robust

# The whole of GCC's C and C++ tests and 500 csmith programs: about an
# hour on two cores.
robust-all: $(PLUGIN)
	testsuite/robust/corpus.sh --all --cxx
	testsuite/robust/csmith.sh 500

# The stages of `make check`; scripts/check.sh ends with "N passed, N failed".
# all = plugin robust kbuild qemu: about 40 minutes on 2 idle cores, most of
# it kernel builds (check-kbuild about 15 minutes, check-qemu about 13).
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
	rm -f $(PLUGIN) plugin/*.o
	rm -rf $(BUILD)/testsuite $(BUILD)/results

help:
	@sed -n '3,18s/^# \{0,1\}//p' Makefile

# The kernel targets install what they need first.
QEMU_DEPS	:= deps

-include kbuild/kbuild.mk
-include qemu/qemu.mk
-include bench/bench.mk
