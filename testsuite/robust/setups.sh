#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# setups.sh - the plugin behind ccache and distcc: a small project (three
# .c files and a header, violations in both) built through each must
# give the style warnings of a plain build, or, where the compiler only
# sees preprocessed text, none and the plugin's note saying why.
#
#   ccache     a miss and a hit both show the warnings (ccache replays
#              the compiler's stderr); a changed plugin is a miss, not
#              a stale hit; with run_second_cpp=false ccache compiles
#              the preprocessed text: no warnings, the note
#   distcc     a distccd started here on 127.0.0.1 (a free port, killed
#              at the end, 300 s at most):
#              - "distcc gcc -fplugin=...": distccd 3.4 refuses
#                -fplugin= (a security check that no option lifts), so
#                distcc compiles locally: the warnings of a plain build
#              - the plugin in a compiler wrapper (what a distcc farm
#                has to do: the wrapper masqueraded in /usr/lib/distcc,
#                here run with --enable-tcp-insecure instead), plain
#                mode: the server compiles preprocessed text: no
#                warnings, the note
#              - the same in pump mode: the server gets the sources and
#                must give the warnings of a plain build; when the
#                include server does not work (Debian 12's, on Python
#                3.11), a NOTE and an UNSUPPORTED line say so, and
#                distcc's fallback must still give no false warning
#
# Usage: testsuite/robust/setups.sh   (GCC, PLUGIN, BUILD from the environment)
# Needs the Debian packages ccache, distcc, distcc-pump, python3.

set -uo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"
start_test setups "$robust/setups"
mkdir -p proj/include && cd proj || exit 1

cat > include/util.h <<'EOF'
static inline int clamp(int x)
{
	if (x < 0) return 0;
	return x;
}
EOF
cat > a.c <<'EOF'
#include "util.h"
extern void foo(void);
int a(int x)
{
	if (x) foo();
	return clamp(x);
}
EOF
cat > b.c <<'EOF'
#include "util.h"
int b(int x)
{
	while (x > 10) x--;
	return clamp(x);
}
EOF
cat > c.c <<'EOF'
int c(int x)
{
	if (x)
		return 1;
	return 0;
}
EOF
SRCS=(a.c b.c c.c)

# build NAME COMPILER...: compile every source with COMPILER (words),
# stderr of all into NAME.err, statuses into NAME.rc.
build() {
	local name=$1 f rc=0
	shift
	: > "$name.err"
	for f in "${SRCS[@]}"; do
		timeout -k 5 60 "$@" -Iinclude -fdiagnostics-plain-output \
			-c "$f" -o "${f%.c}.$name.o" 2>> "$name.err" || rc=$?
	done
	echo "$rc" > "$name.rc"
}

# warnings NAME: the style warnings of NAME, as "FILE:LINE:COL RULE"
# with FILE's directory removed, sorted.
warnings() {
	sed -n 's/^\([^ ]*:[0-9]*:[0-9]*\): \(warning\|error\): .*\[-W\(error=\)\{0,1\}\(style-[a-z-]*\)\]$/\1 \4/p' \
		"$1.err" | sed 's|^.*/||' | sort
}

same_as_local() {	# same_as_local NAME: NAME's warnings and status are local's
	[ "$(cat "$1.rc")" = 0 ] && [ "$(warnings "$1")" = "$(warnings local)" ]
}

none_and_note() {	# none_and_note NAME: no warning, and the note
	[ "$(cat "$1.rc")" = 0 ] && [ -z "$(warnings "$1")" ] &&
		grep -q 'note: style_plugin: preprocessed input is not checked' "$1.err"
}

build local $GCC -fplugin="$PLUGIN"
# The header's violation is reported in each file that includes it.
check "local build: 4 warnings, 2 of them in the header" \
	test "$(warnings local | wc -l) $(warnings local | grep -c 'util.h:3:20 ')" = "4 2"

# --- ccache ---------------------------------------------------------------
if ! command -v ccache > /dev/null; then
	echo "FAIL: setups: ccache is not installed (Debian: ccache)"
else
	# A cache and a configuration of its own, the plugin in a copy
	# that can be changed.
	export CCACHE_DIR=$work/ccache CCACHE_CONFIGPATH=$work/ccache.conf
	: > "$CCACHE_CONFIGPATH"
	cp "$PLUGIN" "$work/plugin-copy.so"
	ccstat() { ccache --print-stats | awk -v k="$1" '$1 == k { print $2 }'; }
	# shellcheck disable=SC2206  # GCC may be words (ccache gcc)
	cc=(ccache $GCC -fplugin="$work/plugin-copy.so")

	ccache --zero-stats > /dev/null
	build ccache-miss "${cc[@]}"
	check "ccache: 3 misses ($(ccstat cache_miss))" test "$(ccstat cache_miss)" = 3
	check "ccache: a miss gives the warnings of a plain build" same_as_local ccache-miss
	ccache --zero-stats > /dev/null
	build ccache-hit "${cc[@]}"
	check "ccache: 3 hits ($(ccstat direct_cache_hit))" test "$(ccstat direct_cache_hit)" = 3
	check "ccache: a hit gives them too" same_as_local ccache-hit
	check "ccache: the objects of a hit are those of a plain build" \
		cmp -s a.local.o a.ccache-hit.o
	# Another plugin (here: one more byte) may warn otherwise.
	printf '\0' >> "$work/plugin-copy.so"
	ccache --zero-stats > /dev/null
	build ccache-newplugin "${cc[@]}"
	check "ccache: a changed plugin is a miss ($(ccstat cache_miss) misses), not a stale hit" \
		test "$(ccstat cache_miss)" = 3
	echo "run_second_cpp = false" > "$CCACHE_CONFIGPATH"
	build ccache-nocpp2 "${cc[@]}"
	check "ccache: run_second_cpp=false: no warning, and the note" none_and_note ccache-nocpp2
	unset CCACHE_DIR CCACHE_CONFIGPATH
fi

# --- distcc -----------------------------------------------------------------
if ! command -v distcc > /dev/null || ! command -v distccd > /dev/null; then
	echo "FAIL: setups: distcc is not installed (Debian: distcc distcc-pump)"
	exit 0
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
srv=$work/distccd
mkdir -p "$srv"
chmod 777 "$srv"	# distccd started by root runs as user distccd
timeout -k 5 300 distccd --no-detach --daemon --allow 127.0.0.1 \
	--listen 127.0.0.1 --port "$port" --jobs 2 --enable-tcp-insecure \
	--log-file "$srv/distccd.log" &
dpid=$!
stop_distccd() {
	kill "$dpid" 2> /dev/null
	wait "$dpid" 2> /dev/null
}
trap stop_distccd EXIT
for _ in $(seq 50); do
	(exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
	sleep 0.1
done
# served N: how many compiles through style-gcc the server's log has,
# once it has N or after 20 s: distccd logs a job after its client has
# the result, so under load the line can come after the client is done.
served_count() {
	grep -c 'COMPILE_OK.*style-gcc' "$srv/distccd.log" || true
}
served_at_least() {
	[ "$(served_count)" -ge "$1" ]
}
served() {
	wait_for 20 served_at_least "$1" || true
	served_count
}
# A client state (and so host back-off after a refused job) for each
# of the three setups.
export DISTCC_SKIP_LOCAL_RETRY=1
mkdir -p "$work/distcc-1" "$work/distcc-2" "$work/distcc-3"

# The plugin straight on the command line: distccd refuses the job,
# distcc (by default) compiles it here.
DISTCC_DIR=$work/distcc-1 DISTCC_HOSTS=127.0.0.1:$port build distcc-fplugin distcc $GCC -fplugin="$PLUGIN"
check "distcc gcc -fplugin=: the warnings of a plain build" same_as_local distcc-fplugin
if grep -q -- '-fplugin= and/or -specs= passed' "$srv/distccd.log"; then
	echo "NOTE: setups: distccd refuses -fplugin= (distcc >= 3.3); the files were compiled locally"
fi

# The plugin in a wrapper, which the server runs as the compiler.
cat > "$work/style-gcc" <<EOF
#!/bin/sh
exec $GCC -fplugin=$PLUGIN "\$@"
EOF
chmod 755 "$work/style-gcc"
: > "$srv/distccd.log"
DISTCC_DIR=$work/distcc-2 DISTCC_HOSTS=127.0.0.1:$port DISTCC_FALLBACK=0 \
	build distcc-plain distcc "$work/style-gcc"
check "distcc (plain): the server compiled all 3 files" \
	test "$(served 3)" = 3
check "distcc (plain): preprocessed on the client: no warning, and the note" \
	none_and_note distcc-plain

if ! command -v distcc-pump > /dev/null && ! command -v pump > /dev/null; then
	echo "FAIL: setups: distcc's pump mode is not installed (Debian: distcc-pump)"
	exit 0
fi
pump=$(command -v distcc-pump || command -v pump)
: > "$srv/distccd.log"
DISTCC_DIR=$work/distcc-3 DISTCC_HOSTS="127.0.0.1:$port,cpp,lzo" DISTCC_FALLBACK=0 timeout -k 5 120 "$pump" bash -c \
	"$(declare -f build); SRCS=(${SRCS[*]}); build distcc-pump distcc '$work/style-gcc'" \
	> pump.log 2>&1
check "distcc (pump): the server compiled all 3 files" \
	test "$(served 3)" = 3
if grep -qi 'include server gave up\|preprocessing locally' distcc-pump.err pump.log; then
	echo "NOTE: setups: pump mode does not work here: the include server fails ($(grep -ho 'SystemError: [^)]*' distcc-pump.err pump.log | head -1)); distcc preprocessed locally"
	# Not a pass of pump mode: scripts/check.sh counts this line as a
	# failure unless testsuite/expected-unsupported.txt gives the reason.
	echo "UNSUPPORTED: setups: distcc (pump): the include server fails, distcc fell back to plain mode"
	check "distcc (pump, fallen back to plain): no false warning, and the note" \
		none_and_note distcc-pump
else
	check "distcc (pump): the warnings of a plain build" same_as_local distcc-pump
fi
