#!/usr/bin/env bash
# kbuild/compare-objs.sh - prove that two builds of the same kernel config
# made the same code and data, up to __LINE__ values.
#
# OBJ_A and OBJ_B are finished O= build dirs of two source trees that
# should differ only in formatting (e.g. before and after the patch of
# kbuild/fix-tree.sh), with the same .config. Every *.o of both dirs is
# compared:
#   identical    byte for byte;
#   debug-only   the same after "objcopy --strip-debug" (debug info holds
#                line numbers; it is left out of the comparison);
#   source path  differs beyond debug info, and the difference is proven
#                to be the path of the source tree: the object's own
#                compile command (from its .cmd file, objtool included) is
#                run again in both dirs, once as it is, which must rebuild
#                the object exactly (up to debug info), and once with
#                -fmacro-prefix-map=SRC/= (as kbuild compiles the kernel;
#                host tools under scripts/ get the absolute path in
#                __FILE__, from assert() for example), which must give the
#                same object on both sides;
#   __LINE__     the same proof, but the objects become the same only when
#                also built with -D__LINE__=0 (line numbers in WARN()
#                reports, or in symbol names: initcalls are named
#                __initcall__kmod_NAME__ID_LINE_FN). Reported with the
#                sections that differ, renamed symbols, and the changed
#                source files the object is built from (its source and the
#                headers in its .cmd deps that differ between the trees,
#                with the first changed line);
#   unexplained  anything else, including an object found on one side
#                only: the script fails and names the first one (objects
#                sorted by path; host tools under scripts/ and tools/
#                after the kernel's own, link-stage objects last).
# Link-stage objects (vmlinux.o, .tmp_*.o, arch/x86/boot/header.o and
# compressed/piggy.o, which hold vmlinux or its sizes) and then vmlinux
# and arch/x86/boot/bzImage are compared too: a difference there is
# explained only if some kernel object (not a host tool under scripts/ or
# tools/) has a __LINE__ or source path difference and no object an
# unexplained one (the differing sections of vmlinux are listed, and
# whether its symbols kept their addresses). Archives (built-in.a, lib.a:
# thin archives, lists of the objects) are not compared; the generated
# *.mod.o of modules are compared like any object.
# The source trees are read from the Makefile kbuild writes into each O=
# dir ("include SRC/Makefile").
#
# Usage: kbuild/compare-objs.sh [--objects-only] OBJ_A OBJ_B
#   --objects-only  the dirs hold a partial build (make dir/ targets, as in
#                   bench/): compare the objects, not vmlinux or bzImage
# Environment: VERBOSE=1 also lists the debug-only objects; TMPDIR.
# Exit: 0 same code and data (or only __LINE__), 1 an unexplained
# difference, 2 bad input.
set -euo pipefail

prog=compare-objs.sh
die() {
	echo "$prog: error: $*" >&2
	exit 2
}
note() {
	echo "$prog: $*"
}
objects_only=0
if [ "${1:-}" = --objects-only ]; then
	objects_only=1
	shift
fi
[ $# -eq 2 ] || { echo "usage: $0 [--objects-only] OBJ_A OBJ_B" >&2; exit 2; }
for tool in objcopy objdump readelf nm make perl cmp; do
	command -v $tool >/dev/null || die "$tool is not installed"
done
a=$1 b=$2
# srctree_of OBJ: the source tree of an O= dir.
srctree_of() {
	local s
	s=$(sed -n 's|^include \(/.*\)/Makefile$|\1|p' "$1/Makefile" 2>/dev/null | head -n1)
	[ -n "$s" ] && [ -d "$s" ] || return 1
	echo "$s"
}
for d in "$a" "$b"; do
	[ -d "$d" ] || die "'$d' is not a directory"
	[ -f "$d/.config" ] || die "'$d' has no .config (not a kernel O= dir)"
	[ $objects_only = 1 ] || [ -f "$d/vmlinux" ] ||
		die "'$d/vmlinux' not found (is '$d' a finished build? --objects-only for a partial one)"
	srctree_of "$d" >/dev/null || die "'$d/Makefile' does not name its source tree (not a kernel O= dir)"
done
a=$(cd "$a" && pwd -P)
b=$(cd "$b" && pwd -P)
[ "$a" != "$b" ] || die "OBJ_A and OBJ_B are the same directory"
cmp -s "$a/.config" "$b/.config" || die "$a and $b have different .config files: not the same config"
src_a=$(srctree_of "$a")
src_b=$(srctree_of "$b")
note "A: $a (source $src_a)"
note "B: $b (source $src_b)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-objs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# stripped OBJ OUT: OBJ without debug info.
stripped() {
	objcopy --strip-debug "$1" "$2" 2>/dev/null
}
debug_only() {
	stripped "$1" "$tmp/s1.o" && stripped "$2" "$tmp/s2.o" && cmp -s "$tmp/s1.o" "$tmp/s2.o"
}
# diff_sections A B: the names of the non-debug sections whose contents
# (or presence) differ, and "(symbols)" when the symbol tables differ.
diff_sections() {
	local s
	{ readelf -SW "$1"; readelf -SW "$2"; } |
		sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' | grep -v '^\.debug\|^\.rela\.debug\|^\.comment$' |
		LC_ALL=C sort -u | while IFS= read -r s; do
		[ -n "$s" ] || continue
		cmp -s <(objdump -s -j "$s" "$1" 2>&1 | tail -n +4) \
			<(objdump -s -j "$s" "$2" 2>&1 | tail -n +4) || printf '%s ' "$s"
	done
	cmp -s <(nm "$1" 2>/dev/null) <(nm "$2" 2>/dev/null) || printf '(symbol table) '
}
# renamed A B: up to 3 "old -> new" symbol names that differ (in symbol
# table order).
renamed() {
	paste <(nm -p "$1" 2>/dev/null | awk '{ print $NF }') <(nm -p "$2" 2>/dev/null | awk '{ print $NF }') |
		awk -F'\t' '$1 != $2 && n++ < 3 { printf "%s%s -> %s", (n > 1 ? ", " : ""), $1, $2 }'
}

# cmd_of OBJDIR O: the command that built O (relative to OBJDIR), from
# its .cmd file, as make expands it (kbuild escapes $ and # in there;
# the rules of the .cmd file come after "all", the goal).
cmd_of() {
	local dir=$1 o=$2 cmdf
	cmdf=$dir/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$cmdf" ] || return 1
	cat >"$tmp/cmd.mk" <<-'EOF'
	pound := \#
	squote := '
	escsq = $(subst $(squote),'\$(squote)',$1)
	c = $(or $(savedcmd_$(OBJ)),$(cmd_$(OBJ)))
	all: ; @printf '%s\n' '$(call escsq,$(c))'
	include $(CMDFILE)
	EOF
	(cd "$dir" && make -s --no-print-directory -f "$tmp/cmd.mk" CMDFILE="$cmdf" OBJ="$o") 2>/dev/null
}
# rebuild OBJDIR O OUT [FLAGS]: run O's command again in OBJDIR, writing
# OUT (and its dependency file under $tmp) instead, with FLAGS added to
# the compiler (before "-c -o").
rebuild() {
	local dir=$1 o=$2 out=$3 flags=${4:-} c
	c=$(cmd_of "$dir" "$o") || return 1
	[ -n "$c" ] || return 1
	case $c in *" -c -o $o "*) ;; *) return 1 ;; esac
	c=$(O="$o" D="$(dirname "$o")/.$(basename "$o").d" OUT="$out" F="$flags" perl -pe '
		s/(?<![\w\/.-])\Q$ENV{D}\E(?![\w\/.-])/$ENV{OUT}.d/g;
		s/ -c -o \Q$ENV{O}\E / $ENV{F} -c -o $ENV{O} /;
		s/(?<![\w\/.-])\Q$ENV{O}\E(?![\w\/.-])/$ENV{OUT}/g;' <<<"$c")
	rm -f "$out"
	(cd "$dir" && sh -c "$c") >"$tmp/rebuild.log" 2>&1 && [ -f "$out" ]
}
# changed_sources O: the source files of O (its source_ and deps_ files in
# A's .cmd) that differ between the two trees, as "file (from line N)".
changed_sources() {
	local o=$1 cmdf f rel n
	cmdf=$a/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$cmdf" ] || return 0
	# shellcheck disable=SC2016 # $ is a character of the pattern
	sed -n -e 's/^source_[^ ]* := //p' -e '/^deps_/,/^$/s/^ *\([^ $()]*\) *\\\{0,1\}$/\1/p' "$cmdf" |
		grep -v '^$' | LC_ALL=C sort -u | while IFS= read -r f; do
		case $f in
		"$src_a"/*) rel=${f#"$src_a"/} ;;
		/*) continue ;;
		*) continue ;; # generated files in the O= dir
		esac
		[ -f "$src_b/$rel" ] || { printf '%s (only in A), ' "$rel"; continue; }
		cmp -s "$src_a/$rel" "$src_b/$rel" && continue
		n=$(diff "$src_a/$rel" "$src_b/$rel" | sed -n '1s/^\([0-9]*\).*/\1/p')
		printf '%s (from line %s), ' "$rel" "$n"
	done | sed 's/, $//'
}

list() { (cd "$1" && find . -name '*.o' -type f | sed 's|^\./||'); }
linkstage_re='(^|/)(vmlinux\.o|\.tmp_[^/]*\.o|piggy\.o)$|^arch/x86/boot/header\.o$'
rank() {
	RE=$linkstage_re awk '{
		re = ENVIRON["RE"]
		r = 0
		if ($0 ~ /^(scripts|tools)\//) r = 1
		if ($0 ~ re) r = 2
		print r "\t" $0
	}' | LC_ALL=C sort -u -k1,1n -k2,2 | cut -f2-
}

n_same=0 n_debug=0 n_line=0 n_path=0 n_pathk=0 n_bad=0 n_link=0 first=''
line_objs=() path_objs=() bad_objs=() link_objs=() debug_objs=()
while IFS= read -r o; do
	if [ ! -f "$a/$o" ] || [ ! -f "$b/$o" ]; then
		[ -f "$a/$o" ] && r="$o (only in A)" || r="$o (only in B)"
		n_bad=$((n_bad + 1)); bad_objs+=("$r"); [ -n "$first" ] || first=$r
		continue
	fi
	if cmp -s "$a/$o" "$b/$o"; then
		n_same=$((n_same + 1))
		continue
	fi
	if debug_only "$a/$o" "$b/$o"; then
		n_debug=$((n_debug + 1)); debug_objs+=("$o")
		continue
	fi
	secs=$(diff_sections "$tmp/s1.o" "$tmp/s2.o")
	if [[ $o =~ $linkstage_re ]]; then
		n_link=$((n_link + 1)); link_objs+=("$o (sections: ${secs% })")
		continue
	fi
	# The proof: the object's own command, run again on both sides, must
	# rebuild it; then with __FILE__ made relative to the source tree (as
	# kbuild does for the kernel, not for host tools), and with __LINE__
	# fixed to 0.
	why='' class=''
	pa="-fmacro-prefix-map=$src_a/=" pb="-fmacro-prefix-map=$src_b/="
	if ! rebuild "$a" "$o" "$tmp/ra.o" || ! rebuild "$b" "$o" "$tmp/rb.o"; then
		why="its command (from its .cmd file) could not be run again: $(tail -n 3 "$tmp/rebuild.log" | tr '\n' ' ')"
	elif ! debug_only "$tmp/ra.o" "$a/$o" || ! debug_only "$tmp/rb.o" "$b/$o"; then
		why="running its command again does not rebuild it exactly (not reproducible?)"
	elif rebuild "$a" "$o" "$tmp/pa.o" "$pa" && rebuild "$b" "$o" "$tmp/pb.o" "$pb" &&
		debug_only "$tmp/pa.o" "$tmp/pb.o"; then
		class=path
	elif ! rebuild "$a" "$o" "$tmp/la.o" "$pa -D__LINE__=0 -Wno-error" ||
		! rebuild "$b" "$o" "$tmp/lb.o" "$pb -D__LINE__=0 -Wno-error"; then
		why="it does not build with -D__LINE__=0: $(tail -n 3 "$tmp/rebuild.log" | tr '\n' ' ')"
	elif ! debug_only "$tmp/la.o" "$tmp/lb.o"; then
		why="it still differs when built with -D__LINE__=0 (sections: $(diff_sections "$tmp/s1.o" "$tmp/s2.o"))"
	else
		class=line
	fi
	changed=$(changed_sources "$o")
	stripped "$a/$o" "$tmp/s1.o" && stripped "$b/$o" "$tmp/s2.o"
	ren=$(renamed "$tmp/s1.o" "$tmp/s2.o")
	what="sections: ${secs% }${ren:+; symbols renamed: $ren}"
	case $class in
	line)
		n_line=$((n_line + 1))
		line_objs+=("$o: $what; same with -D__LINE__=0; changed sources: ${changed:-none found}")
		;;
	path)
		n_path=$((n_path + 1))
		case $o in scripts/* | tools/*) ;; *) n_pathk=$((n_pathk + 1)) ;; esac
		path_objs+=("$o: $what; same with __FILE__ relative to the tree")
		;;
	*)
		n_bad=$((n_bad + 1))
		bad_objs+=("$o: $what: $why; changed sources: ${changed:-none found}")
		[ -n "$first" ] || first=$o
		;;
	esac
done < <(cat <(list "$a") <(list "$b") | rank)

note "objects: $n_same identical, $n_debug differ only in debug info, $n_path only in the source tree's path (__FILE__), $n_line only in __LINE__ values, $n_link link-stage objects differ, $n_bad unexplained"
if [ "${VERBOSE:-0}" = 1 ] && [ $n_debug -gt 0 ]; then
	printf '  debug-only: %s\n' "${debug_objs[@]}"
fi
[ $n_path = 0 ] || printf '  source path: %s\n' "${path_objs[@]}"
[ $n_line = 0 ] || printf '  __LINE__: %s\n' "${line_objs[@]}"
[ $n_link = 0 ] || printf '  link stage: %s\n' "${link_objs[@]}"
[ $n_bad = 0 ] || printf '  UNEXPLAINED: %s\n' "${bad_objs[@]}" >&2

# vmlinux and bzImage.
final_bad=''
images=(vmlinux arch/x86/boot/bzImage)
[ $objects_only = 0 ] || images=()
for f in ${images[@]+"${images[@]}"}; do
	if [ ! -f "$a/$f" ] || [ ! -f "$b/$f" ]; then
		[ "$f" != vmlinux ] || die "vmlinux missing"
		note "$f: not in both dirs (not compared)"
		continue
	fi
	if cmp -s "$a/$f" "$b/$f"; then
		note "$f: identical ($(stat -c %s "$a/$f") bytes)"
		continue
	fi
	extra=''
	if [ "$f" = vmlinux ]; then
		stripped "$a/$f" "$tmp/va" && stripped "$b/$f" "$tmp/vb"
		extra=$(diff_sections "$tmp/va" "$tmp/vb")
		extra="; sections: ${extra% }"
		if cmp -s <(nm -n "$a/$f" | cut -c1-19) <(nm -n "$b/$f" | cut -c1-19); then
			extra="$extra; every symbol at the same address"
		else
			extra="$extra; symbols moved"
		fi
		ren=$(renamed "$a/$f" "$b/$f")
		extra="$extra${ren:+; symbols renamed: $ren}"
	fi
	if [ $((n_line + n_pathk)) -gt 0 ] && [ $n_bad = 0 ]; then
		[ $n_pathk = 0 ] && by="$n_line __LINE__" || by="$n_line __LINE__ and $n_pathk source path"
		note "$f: differs, explained by the $by object(s)$extra"
	else
		[ $n_bad = 0 ] && why="no __LINE__ object explains it" || why="there are unexplained objects"
		note "$f: DIFFERS, $why$extra" >&2
		final_bad="$final_bad $f"
	fi
done
if [ $n_link -gt 0 ] && { [ $((n_line + n_pathk)) = 0 ] || [ $n_bad != 0 ]; }; then
	final_bad="$final_bad link-stage objects"
fi

if [ $n_bad != 0 ]; then
	echo "$prog: FAIL: first unexplained difference: $first" >&2
	exit 1
fi
if [ -n "$final_bad" ]; then
	echo "$prog: FAIL: unexplained differences in:$final_bad" >&2
	exit 1
fi
if [ $n_line = 0 ]; then
	note "PASS: the same code and data in every object"
else
	note "PASS: the same code and data, except __LINE__ values in $n_line object(s)"
fi
