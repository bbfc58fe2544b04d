#!/usr/bin/env bash
# testsuite/kbuild/test-distributed.sh - make W=style through icecc and distcc, with
# real daemons, against a local build.
#
# In a network namespace of its own (unshare -n, as root: loopback only,
# no clash with a daemon of this machine), it starts icecc-scheduler, two
# iceccd (one --no-remote, the client's; one the node) and a distccd
# --allow 127.0.0.1, and stops each by its pid on exit, also when a check
# fails.  A 6.1 tinyconfig (SLUB: include/linux/slab.h has violations
# that most objects include) builds a set of objects ($OBJS) with
# "make W=style STYLE_SARIF=":
#   - locally: the reference warnings and merged SARIF log (it has
#     results, headers' among them, each once);
#   - each build below: its merged log is the local one, byte for byte,
#     also with a stale log (results) planted before it next to an
#     object without violations (one icecc compiles on the node only);
#   - through icecc (its /usr/lib/icecc/bin first in PATH): the same
#     warnings; every object compiled by the node (its log); nothing
#     printed by icecc; the files icecc compiled again locally (its caret
#     workaround, from the client's log) are files with violations (each
#     object's compile without once=, -fsyntax-only), and the others
#     were compiled once; a second build through the same node gives
#     the same warnings again;
#   - through distcc's masquerade directory (/usr/lib/distcc first in
#     PATH) and with CC="distcc gcc", DISTCC_FALLBACK=0: the same
#     warnings; every object compiled by distccd (its log); no -fplugin
#     reached distccd; no distcc line in the output and no server backed
#     off (the style warnings come from Kbuild's local check-only pass);
#     Kbuild's one line says that the check runs here.
#
# The node reports an idle CPU whatever the machine's load, so that icecc's
# scheduler gives it the jobs also on a busy machine (kbuild/daemons.sh
# says how and why).
#
# Usage: testsuite/kbuild/test-distributed.sh          (6.1)
# Environment: BUILD (default <repo>/build); the tree is shared with the
#   other kbuild tests ($BUILD/kbuild-test/linux-6.1, WORK overrides),
#   the objects and logs go to $WORK/distributed-6.1; JOBS (default 2);
#   OBJS (the objects, relative to the tree).
set -uo pipefail

prog=test-distributed.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/lib.sh"

[ "$(id -u)" -eq 0 ] || die "run as root (a network namespace, the daemons)"
for c in icecc iceccd icecc-scheduler distcc distccd unshare ip mount; do
	command -v "$c" >/dev/null || die "$c is missing (make deps: icecc, distcc)"
done

# Again in a network namespace of our own.
if [ -z "${STYLE_DISTRIBUTED_NS:-}" ]; then
	STYLE_DISTRIBUTED_NS=1 exec unshare -n "$0" "$@"
fi
ip link set lo up || die "cannot bring up lo in the namespace"

test_setup 6.1
v=6.1
tree=$work/linux-$v
out=$work/distributed-$v
d=$out/daemons
# Violations in the file itself, in include/linux/slab.h only, in none.
OBJS=${OBJS:-kernel/params.o lib/iov_iter.o fs/namespace.o init/main.o lib/ctype.o lib/sort.o lib/bsearch.o lib/cmdline.o}
read -r -a objs <<<"$OBJS"
kbuild_identity
t0=$SECONDS

"$root/kbuild/prepare-tree.sh" "$v" "$tree" >/dev/null || die "prepare-tree.sh $v failed"
mkdir -p "$out"
mk() { make -C "$tree" O="$out" ARCH=x86_64 -j"$jobs" "$@"; }
if ! grep -qx CONFIG_GCC_PLUGIN_STYLE_CHECK=y "$out/.config" 2>/dev/null; then
	mk tinyconfig >/dev/null || die "make tinyconfig failed"
	"$tree/scripts/config" --file "$out/.config" --enable WERROR \
		--disable SLOB --enable SLUB --enable GCC_PLUGINS
	mk olddefconfig >/dev/null || die "make olddefconfig failed"
fi
note "linux-$v: make W=style prepare (the plugin, the headers)"
mk W=style prepare >"$out/prepare.log" 2>&1 || die "make W=style prepare failed ($out/prepare.log)"

# --- the daemons ------------------------------------------------------------
. "$root/kbuild/daemons.sh"
trap daemons_stop EXIT
trap 'exit 1' INT TERM
daemons_start "$d" "$jobs"

# --- the builds -------------------------------------------------------------
# build NAME [ENV=VALUE...] -- MAKEARG...: the objects again, from their
# sources, the output in $out/NAME.log, the warning and error lines in
# $out/NAME.warnings (sorted), the merged SARIF log in $out/NAME.sarif.
build() {
	local name=$1 o
	shift
	for o in "${objs[@]}"; do
		rm -f "$out/$o"
	done
	engine_make "$out/$name.log" "$@" -C "$tree" O="$out" ARCH=x86_64 \
		-j"$jobs" W=style STYLE_SARIF="$out/$name.sarif" "${objs[@]}"
}

# plant_stale: the per-object log that an earlier local compile of a
# version of $stale_src with violations left next to $stale_obj (the
# results of a log with results, moved to that file).  A compile that
# runs no plugin here must not leave it in the merged log: Kbuild
# removes it first (today icecc's client also overwrites it, as its
# -E -fdirectives-only pass loads the plugin; distcc's check-only pass
# rewrites it).
plant_stale() {
	sed "s#\"uri\":\"[^\"]*\"#\"uri\":\"$stale_src\"#" "$stale_from" \
		>"$out/$(dirname "$stale_obj")/.$(basename "$stale_obj").sarif"
}

# same_log NAME: NAME's merged SARIF log is the local build's, byte for
# byte (the same results, each once, nothing planted by plant_stale).
same_log() {
	cmp -s "$out/local.sarif" "$out/$1.sarif" && return 0
	diff <(sarif_result_set "$out/local.sarif") <(sarif_result_set "$out/$1.sarif") |
		head -n 6 | sed 's/^/    /'
	return 1
}

# same_as_local NAME: NAME's warnings are the local build's.
same_as_local() {
	cmp -s "$out/local.warnings" "$out/$1.warnings" && return 0
	diff "$out/local.warnings" "$out/$1.warnings" | head -n 6 | sed 's/^/    /'
	return 1
}

# own_lines NAME: the lines of NAME's output that icecc or distcc printed.
own_lines() {
	grep -E '^(ICECC|distcc)\[|^(icecc|distcc|iceccd):' "$out/$1.log"
}

# sources: the objects' C files, as the daemons' logs name them.
sources() {
	printf '%s\n' "${objs[@]}" | sed 's/\.o$/.c/'
}

note "linux-$v: local build of ${#objs[@]} objects"
check "local: make W=style builds the objects" build local --
check "local: style warnings reported ($(grep -c 'Wstyle-' "$out/local.warnings"))" \
	grep -q 'Wstyle-' "$out/local.warnings"
sarif_result_set "$out/local.sarif" >"$out/local.set"
check "local: the merged SARIF log has results ($(wc -l <"$out/local.set")), headers' among them" \
	grep -q '^include/' "$out/local.set"
check "local: each violation once in the merged log" \
	eval '[ -z "$(uniq -d "$out/local.set")" ]'

# The objects with violations: each one's compile (from its .cmd) with
# -fsyntax-only and without once=, so that a header's violations count
# for every object that includes it.
violating=$out/violating.txt
: >"$violating"
for o in "${objs[@]}"; do
	cmd=$(cmd_compile "$out/$(dirname "$o")/.$(basename "$o").cmd" |
		sed -e 's/ -Wp,-MMD,[^ ]*//' \
		    -e 's/ -fplugin-arg-style_plugin-once=[^ ]*//' \
		    -e 's/ -fplugin-arg-style_plugin-sarif=[^ ]*//' \
		    -e 's/ -c -o [^ ]* / -fsyntax-only /')
	if grep -q 'Wstyle-' <<<"$(cd "$out" && eval "$cmd" 2>&1)"; then
		echo "${o%.o}.c" >>"$violating"
	fi
done

# The file of the stale log: one without violations (icecc compiles it
# on the node only); its results: the first file with violations.
stale_obj=$(sources | LC_ALL=C sort | comm -23 - <(LC_ALL=C sort "$violating") | head -n 1)
stale_obj=${stale_obj%.c}.o
stale_src=${stale_obj%.o}.c
first_viol=$(head -n 1 "$violating")
stale_from=$out/stale-from.sarif
cp "$out/$(dirname "$first_viol")/.$(basename "${first_viol%.c}").o.sarif" "$stale_from"
check "a stale log to plant: for $stale_obj, $(grep -c '^{"ruleId"' "$stale_from") results" \
	bash -c "[ -n '$first_viol' ] && [ '$stale_obj' != .o ] && grep -q '^{\"ruleId\"' '$stale_from'"

note "linux-$v: through icecc"
ICECC_VERSION=$(icecc_env "$out/icecc-env" "$out/scripts/gcc-plugins/style_plugin.so")
export ICECC_VERSION
icecc_client "$d"
node_from=$(($(stat -c %s "$d/node.log") + 1))
rm -f "$out/icecc.client"
plant_stale
check "icecc: make W=style with icecc's gcc first in PATH builds the objects" \
	build icecc ICECC_LOGFILE="$out/icecc.client" ICECC_DEBUG=debug \
	PATH="/usr/lib/icecc/bin:$PATH" --
check "icecc: the warnings of the local build" same_as_local icecc
check "icecc: the merged SARIF log is the local build's (no stale $stale_src results)" \
	same_log icecc
remote=$(tail -c +"$node_from" "$d/node.log" | sed -n 's/.*remote compile for file //p' | LC_ALL=C sort -u)
missing=$(sources | LC_ALL=C sort | comm -23 - <(printf '%s\n' "$remote" | sed 's#.*/linux-6.1/##'))
check "icecc: the node compiled every object (its log)${missing:+; not: $missing}" [ -z "$missing" ]
check "icecc: icecc printed nothing of its own" eval '! own_lines icecc'
# The files compiled again locally: the client's log, by process id.
twice=$(icecc_recompiled "$out/icecc.client" |
	sed 's#.*/linux-6.1/##' | LC_ALL=C sort -u | comm -12 - <(sources | LC_ALL=C sort))
n_twice=$(printf '%s' "$twice" | grep -c .)
n_viol=$(wc -l <"$violating")
extra=$(comm -23 <(printf '%s\n' "$twice" | grep .) <(LC_ALL=C sort "$violating"))
note "icecc: compiled twice: $n_twice of ${#objs[@]} files; files with violations: $n_viol"
check "icecc: the files compiled twice ($n_twice) are files with violations ($n_viol)${extra:+; others: $extra}" \
	[ -z "$extra" ]
check "icecc: some file was compiled only once (on the node)" [ "$n_twice" -lt "${#objs[@]}" ]
# Again, with the node as the first build left it: its chroot's /tmp,
# where a compile's relative once= directory would be, outlives the jobs.
check "icecc, again: make W=style builds the objects" \
	build icecc2 PATH="/usr/lib/icecc/bin:$PATH" --
check "icecc, again: the warnings of the local build" same_as_local icecc2
check "icecc, again: the merged SARIF log is the local build's" same_log icecc2
unset ICECC_VERSION ICECC_TEST_SOCKET ICECC_PREFERRED_HOST ICECC_TEST_REMOTEBUILD

# not_compiled: the sources that distccd's log does not show compiled
not_compiled() {
	local ok

	ok=$(sed -n 's/.*COMPILE_OK.* \([^ ]*\.c\)\( .*\)\{0,1\}$/\1/p' "$d/distccd.log" |
		sed 's#.*/linux-6.1/##' | LC_ALL=C sort -u)
	sources | LC_ALL=C sort | comm -23 - <(printf '%s\n' "$ok")
}
all_compiled() {
	[ -z "$(not_compiled)" ]
}

# distcc_checks NAME: the distcc build NAME kept its compiles on the server.
distcc_checks() {
	local name=$1 missing

	# distccd logs a job after its client has the result: under load the
	# last lines may come after the make; wait for them up to 20 s.
	wait_for 20 all_compiled || true
	missing=$(not_compiled)
	check "$name: distccd compiled every object (its log)${missing:+; not: $missing}" [ -z "$missing" ]
	check "$name: no -fplugin reached distccd" eval "! grep -q -- -fplugin '$d/distccd.log'"
	check "$name: distcc printed nothing of its own" eval "! own_lines $name"
	check "$name: no server backed off" \
		eval "[ -z \"\$(find '$out/$name.dir' -path '*backoff*' -type f 2>/dev/null)\" ]"
	check "$name: the warnings of the local build" same_as_local "$name"
	check "$name: the merged SARIF log is the local build's (no stale $stale_src results)" \
		same_log "$name"
	check "$name: one line says that the check runs here" \
		[ "$(grep -c '^W=style: .*distcc.*-fsyntax-only' "$out/$name.log")" -eq 1 ]
}

# distcc_build NAME MAKEARG...: build NAME through the distccd, with no
# local fallback.
distcc_build() {
	local name=$1

	shift
	: >"$d/distccd.log"
	rm -rf "$out/$name.dir"
	mkdir -p "$out/$name.dir"
	plant_stale
	build "$name" DISTCC_HOSTS="$(distcc_hosts)" DISTCC_DIR="$out/$name.dir" \
		DISTCC_FALLBACK=0 "$@"
}

# First with CC unchanged (no configuration run again), then CC="distcc gcc".
note "linux-$v: through distcc's masquerade directory"
check "masq: make W=style with distcc's gcc first in PATH builds the objects" \
	distcc_build masq PATH="/usr/lib/distcc:$PATH" --
distcc_checks masq

note "linux-$v: through distcc"
check "distcc: make W=style CC=\"distcc gcc\" builds the objects" \
	distcc_build distcc -- CC="distcc gcc"
distcc_checks distcc

daemons_stop
note "linux-$v: $passed passed, $failed failed, $((SECONDS - t0)) s"
[ "$failed" -eq 0 ]
