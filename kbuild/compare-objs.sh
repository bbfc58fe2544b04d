#!/usr/bin/env bash
# kbuild/compare-objs.sh - prove that two builds of the same kernel config
# made the same code and data, up to line numbers that moved.
#
# OBJ_A and OBJ_B are finished O= build dirs of two source trees that
# should differ only in formatting (e.g. before and after the patch of
# kbuild/fix-tree.sh), with the same .config. The changed sources must
# keep their non-blank characters; every object, module, vmlinux and
# bzImage must have the same code and data, section by section
# (kbuild/compare-elf.c), but for line numbers shown to have moved.
# kbuild/README.md ("Fixing a tree") says what is compared, class by
# class. Archives (built-in.a, lib.a) are not compared.
#
# Usage: kbuild/compare-objs.sh [--objects-only | --identical] [--only LIST] OBJ_A OBJ_B
#   --objects-only  the dirs hold a partial build (make dir/ targets, as in
#                   bench/): compare the objects, not vmlinux or bzImage
#   --only LIST     compare only the objects LIST names (one path
#                   relative to the dirs a line; implies --objects-only),
#                   each of which must be on both sides (e.g. the objects
#                   of one patch of a series, kbuild/treewide-proof.sh)
#   --identical     the two dirs are builds of the same tree that must
#                   give byte-identical vmlinux and bzImage (or another
#                   arch's arch/ARCH/boot/Image) (qemu/compare.sh:
#                   with and without W=style); on a difference, the
#                   objects are classified to name the first that differs
# Environment: VERBOSE=1 also lists the debug-only objects; TMPDIR.
# Exit: 0 same code and data (up to moved line numbers), 1 an
# unexplained difference or a missing artifact, 2 bad input.
set -euo pipefail

# Bad input exits 2 (die_status).
prog=compare-objs.sh die_status=2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

# parse_args ARGS...: the options, then a and b.
parse_args() {
	objects_only=0 identical=0 only_list=''
	case ${1:-} in
	--objects-only) objects_only=1; shift ;;
	--identical) identical=1; shift ;;
	esac
	if [ "${1:-}" = --only ]; then
		[ $# -ge 2 ] && [ -f "$2" ] || die "--only needs a file listing objects"
		only_list=$(cd "$(dirname "$2")" && pwd -P)/$(basename "$2")
		[ $identical = 0 ] || die "--only and --identical exclude each other"
		objects_only=1
		shift 2
	fi
	[ $# -eq 2 ] || { echo "usage: $0 [--objects-only | --identical] [--only LIST] OBJ_A OBJ_B" >&2; exit 2; }
	for tool in objcopy make perl cmp diff; do
		command -v $tool >/dev/null || die "$tool is not installed"
	done
	a=$1 b=$2
}

# check_dirs: OBJ_A and OBJ_B are O= dirs of one .config; src_a, src_b
# their source trees, bugflags what compare-elf needs to know of it.
check_dirs() {
	for d in "$a" "$b"; do
		[ -d "$d" ] || die "'$d' is not a directory"
		[ -f "$d/.config" ] || die "'$d' has no .config (not a kernel O= dir)"
		srctree_of "$d" >/dev/null || die "'$d/Makefile' does not name its source tree (not a kernel O= dir)"
	done
	a=$(cd "$a" && pwd -P)
	b=$(cd "$b" && pwd -P)
	[ "$a" != "$b" ] || die "OBJ_A and OBJ_B are the same directory"
	# The kernel's arch, from the .config's header ("# Linux/arm64 6.1.x
	# Kernel Configuration"). Only x86's images are traced; another
	# arch's vmlinux and arch/ARCH/boot/Image (if either side has one)
	# are compared, with --identical only.
	karch=$(sed -n '1,3s|^# Linux/\([^ ]*\) .*|\1|p' "$a/.config")
	case $karch in
	x86_64 | i386 | x86 | '') image=arch/x86/boot/bzImage ;;
	*)	image=arch/${karch%64}
		[ -d "$a/$image" ] || image=arch/$karch
		image=$image/boot/Image
		[ $objects_only = 1 ] || [ $identical = 1 ] ||
			die "$karch builds are compared with --identical or --objects-only (only x86's bzImage is traced)" ;;
	esac
	cmp -s "$a/.config" "$b/.config" || die "$a and $b have different .config files: not the same config"
	src_a=$(cd "$(srctree_of "$a")" && pwd -P)
	src_b=$(cd "$(srctree_of "$b")" && pwd -P)
	note "A: $a (source $src_a)"
	note "B: $b (source $src_b)"
	bugflags=()
	grep -qx 'CONFIG_DEBUG_BUGVERBOSE=y' "$a/.config" && bugflags=(--bug-verbose)
	grep -qx 'CONFIG_KALLSYMS_ABSOLUTE_PERCPU=y' "$a/.config" && bugflags+=(--kallsyms-absolute-percpu)
	if grep -qx 'CONFIG_GENERIC_BUG=y' "$a/.config" && ! grep -qx 'CONFIG_GENERIC_BUG_RELATIVE_POINTERS=y' "$a/.config"; then
		die "CONFIG_GENERIC_BUG without CONFIG_GENERIC_BUG_RELATIVE_POINTERS: only x86_64's struct bug_entry is known"
	fi
}

# srctree_of OBJ: the source tree of an O= dir.
srctree_of() {
	local s
	s=$(sed -n 's|^include \(/.*\)/Makefile$|\1|p' "$1/Makefile" 2>/dev/null | head -n1)
	[ -n "$s" ] && [ -d "$s" ] || return 1
	echo "$s"
}

failures=()
failure() {
	failures+=("$*")
	echo "$prog: FAIL: $*" >&2
}


# 1. compare_sources: what differs between the trees, and only in blanks.
compare_sources() {
	: >"$tmp/changed"
	: >"$tmp/linemap"
	if [ "$src_a" != "$src_b" ]; then
		diff -rq --no-dereference "$src_a" "$src_b" >"$tmp/srcdiff" 2>&1 || true
		only=$(grep -v '^Files .* differ$' "$tmp/srcdiff" || true)
		[ -z "$only" ] || failure "the source trees differ in more than file contents: $(head -n 3 <<<"$only" | tr '\n' ' ')"
		sed -n "s|^Files $src_a/\(.*\) and $src_b/.* differ\$|\1|p" "$tmp/srcdiff" | LC_ALL=C sort >"$tmp/changed"
		nb_bad=''
		while IFS= read -r f; do
			cmp -s <(tr -d ' \t\n' <"$src_a/$f") <(tr -d ' \t\n' <"$src_b/$f") || nb_bad="$nb_bad $f"
		done <"$tmp/changed"
		[ -z "$nb_bad" ] || failure "changed files whose non-blank characters differ (not a formatting change):$nb_bad"
		if [ -z "$nb_bad" ] && [ -s "$tmp/changed" ]; then
			mapfile -t chg <"$tmp/changed"
			"$elfcmp" linemap "$src_a" "$src_b" "${chg[@]}" >"$tmp/linemap" ||
				failure "the line map of the changed files cannot be made"
		fi
	fi
	note "sources: $(wc -l <"$tmp/changed") file(s) differ between the trees, each only in spaces, tabs and line breaks${nb_bad:+ (NOT:$nb_bad)}"
}

# stripped OBJ OUT: OBJ without debug info.
stripped() {
	objcopy --strip-debug "$1" "$2" 2>/dev/null
}
debug_only() {
	stripped "$1" "$tmp/s1.o" && stripped "$2" "$tmp/s2.o" && cmp -s "$tmp/s1.o" "$tmp/s2.o"
}

# cmd_of OBJDIR O: the command that built O (relative to OBJDIR), from
# its .cmd file, as make expands it (kbuild escapes $ and # in there;
# the rules of the .cmd file come after "all", the goal).
cmd_of() {
	local dir=$1 o=$2 cmdf
	cmdf=$dir/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$cmdf" ] || return 1
	cat >"$tmp/cmd.mk" <<-'EOM'
	pound := \#
	squote := '
	escsq = $(subst $(squote),'\$(squote)',$1)
	c = $(or $(savedcmd_$(OBJ)),$(cmd_$(OBJ)))
	all: ; @printf '%s\n' '$(call escsq,$(c))'
	include $(CMDFILE)
	EOM
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
# rerun OBJDIR T OUT [FROM TO]...: run the command that made T (relative
# to OBJDIR, from its .cmd file) again in OBJDIR, writing OUT instead,
# with each other file FROM (relative) read from TO instead; its dependency
# file, if it writes one, goes to OUT.d. Whole words only.
rerun() {
	local dir=$1 t=$2 out=$3 c
	shift 3
	c=$(cmd_of "$dir" "$t") || return 1
	[ -n "$c" ] || return 1
	c=$(D="$(dirname "$t")/.$(basename "$t").d" perl -e '
		my ($c, @sub) = @ARGV;
		unshift @sub, $ENV{D}, "$sub[1].d";
		while (my ($from, $to) = splice(@sub, 0, 2)) {
			$c =~ s/(?<![\w\/.-])\Q$from\E(?![\w\/.-])/$to/g;
		}
		print $c;' "$c" "$t" "$out" "$@")
	rm -f "$out"
	# XZ and SRCARCH (x86: the proof knows only x86's boot files): read
	# by scripts/xz_wrap.sh from the environment the kernel's top
	# Makefile exports.
	(cd "$dir" && XZ=${XZ:-xz} SRCARCH=x86 sh -c "$c") >"$tmp/rebuild.log" 2>&1 && [ -f "$out" ]
}
# changed_sources O: the source files of O (its source_ and deps_ files in
# A's .cmd, relative to the tree) that differ between the two trees, one
# a line.
changed_sources() {
	local o=$1 cmdf f
	cmdf=$a/$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$cmdf" ] || return 0
	# (absolute paths elsewhere and generated files in the O= dir are
	# not sources of the tree; one awk, not a grep per file: an
	# allmodconfig object has hundreds of dependencies; its paths
	# canonical, as the changed files are: amdgpu's name "..")
	# shellcheck disable=SC2016 # $ is a character of the pattern
	sed -n -e 's/^source_[^ ]* := //p' -e '/^deps_/,/^$/s/^ *\([^ $()]*\) *\\\{0,1\}$/\1/p' "$cmdf" |
		grep -v '^$' | LC_ALL=C sort -u |
		CHANGED=$tmp/changed PRE=$src_a/ awk "$canon_awk"'
			BEGIN { while ((getline l < ENVIRON["CHANGED"]) > 0) c[l] = 1 }
			index($0, ENVIRON["PRE"]) == 1 { f = canon(substr($0, length(ENVIRON["PRE"]) + 1)); if (f in c) print f }' || true
}
# first_line FILE: the first line of FILE that the patch changes.
first_line() {
	diff "$src_a/$1" "$src_b/$1" | sed -n '1s/^\([0-9]*\).*/\1/p'
}
# elf_compare A B [compare-elf options]: the strict comparison of two
# stripped files; its output in $tmp/elf.out.
elf_compare() {
	local x=$1 y=$2
	shift 2
	"$elfcmp" compare --map "$tmp/linemap" ${bugflags[@]+"${bugflags[@]}"} "$@" "$x" "$y" >"$tmp/elf.out" 2>&1
}
# explained: the differences compare-elf explained, in short.
explained() {
	awk '
		$1 == "bug" { nb++; if (nb <= 3) b = b (nb > 1 ? ", " : "") $2 " " $3 " " $4 }
		$1 == "rename" { nr++; if (nr <= 3) r = r (nr > 1 ? ", " : "") $2 " -> " $3 }
		$1 == "imm" { ni++; if (ni <= 3) m = m (ni > 1 ? ", " : "") $2 " " $3 " " $4 }
		$1 == "pi" { np++; if (np <= 3) q = q (np > 1 ? ", " : "") $2 " " $3 " " $4 }
		$1 == "str" { ns++; if (ns <= 3) t = t (ns > 1 ? ", " : "") $2 " " $3 " " $4 }
		$1 == "kallsyms" { nk++; if (nk <= 3) k = k (nk > 1 ? ", " : "") $2 " -> " $3 }
		$1 == "kallsyms-tables" { kt = kt (kt != "" ? ", " : "") "in " $2 ": " $3 " names decoded, " $4 " renamed" }
		$1 == "build-id" { id = 1 }
		END {
			s = ""
			if (nb) s = "__bug_table lines (" nb "): " b (nb > 3 ? ", ..." : "")
			if (ni) s = s (s != "" ? "; " : "") "line numbers in code (" ni "): " m (ni > 3 ? ", ..." : "")
			if (np) s = s (s != "" ? "; " : "") "printk index lines (" np "): " q (np > 3 ? ", ..." : "")
			if (ns) s = s (s != "" ? "; " : "") "lines in strings (" ns "): " t (ns > 3 ? ", ..." : "")
			if (nr) s = s (s != "" ? "; " : "") "initcalls renamed (" nr "): " r (nr > 3 ? ", ..." : "")
			if (kt != "") s = s (s != "" ? "; " : "") "kallsyms tables (" kt ")" (nk ? ": " k (nk > 3 ? ", ..." : "") : "")
			if (id) s = s (s != "" ? "; " : "") "the build-id note"
			print s
		}' "$tmp/elf.out"
}

list() {
	if [ -n "$only_list" ]; then
		grep -v "^$" "$only_list"
	else
		(cd "$1" && find . \( -name '*.o' -o -name '*.ko' \) -type f | sed 's|^\./||')
	fi
}
linkstage_re='(^|/)(vmlinux\.o|\.tmp_[^/]*\.o|piggy\.o)$|^arch/x86/boot/header\.o$'
# Order: kernel objects by path, host tools (scripts/, tools/), modules,
# then the link-stage objects, which are compared against the renames
# found in the objects.
rank() {
	RE=$linkstage_re awk '{
		re = ENVIRON["RE"]
		r = 0
		if ($0 ~ /^(scripts|tools)\//) r = 1
		if ($0 ~ /\.ko$/) r = 2
		if ($0 ~ re) r = 3
		print r "\t" $0
	}' | LC_ALL=C sort -u -k1,1n -k2,2 | cut -f2-
}

# compare_objects: every object, each in one class (kbuild/README.md).
compare_objects() {
	n_same=0 n_debug=0 n_line=0 n_path=0 n_bad=0 n_link=0 n_ko=0 first=''
	line_objs=() path_objs=() bad_objs=() link_objs=() debug_objs=() payload_objs=() setup_objs=()
	: >"$tmp/renames"
	while IFS= read -r o; do
		if [ ! -f "$a/$o" ] || [ ! -f "$b/$o" ]; then
			[ -f "$a/$o" ] && r="$o (only in A)" || r="$o (only in B)"
			n_bad=$((n_bad + 1)); bad_objs+=("$r"); [ -n "$first" ] || first=$r
			continue
		fi
		case $o in *.ko) n_ko=$((n_ko + 1)) ;; esac
		if cmp -s "$a/$o" "$b/$o"; then
			n_same=$((n_same + 1))
			continue
		fi
		if debug_only "$a/$o" "$b/$o"; then
			n_debug=$((n_debug + 1)); debug_objs+=("$o")
			continue
		fi
		changed=$(changed_sources "$o" | paste -sd, -)
		why='' class=''
		if [[ $o =~ $linkstage_re ]] || [[ $o == *.ko ]]; then
			if elf_compare "$tmp/s1.o" "$tmp/s2.o" --linked --renames "$tmp/renames"; then
				class=linked
			elif [[ $o == arch/x86/boot/header.o ]]; then
				# The payload's sizes: checked with setup.bin.
				class=setup
			elif [[ $o =~ (^|/)piggy\.o$ ]]; then
				# The compressed vmlinux.bin: checked with bzImage.
				class=payload
			else
				why=$(sed -n 's/^UNEXPLAINED: //p' "$tmp/elf.out" | head -n1)
			fi
		elif elf_compare "$tmp/s1.o" "$tmp/s2.o" --files "$changed"; then
			class=line
			{ grep '^rename ' "$tmp/elf.out" | cut -d' ' -f2-
			  sed -n 's/^imm .*:\([0-9]*\) -> \([0-9]*\)$/imm \1 \2/p' "$tmp/elf.out"; } >>"$tmp/renames" || true
		else
			why=$(sed -n 's/^UNEXPLAINED: //p' "$tmp/elf.out" | head -n1)
			[ -n "$why" ] || why=$(head -n1 "$tmp/elf.out")
			# A host tool may hold the tree's path (__FILE__): rebuilt as it
			# is, and with the path made relative, on both sides.
			case $o in
			scripts/* | tools/*)
				pa="-fmacro-prefix-map=$src_a/=" pb="-fmacro-prefix-map=$src_b/="
				if ! rebuild "$a" "$o" "$tmp/ra.o" || ! rebuild "$b" "$o" "$tmp/rb.o"; then
					why="$why; its command (from its .cmd file) could not be run again: $(tail -n 3 "$tmp/rebuild.log" | tr '\n' ' ')"
				elif ! debug_only "$tmp/ra.o" "$a/$o" || ! debug_only "$tmp/rb.o" "$b/$o"; then
					why="$why; running its command again does not rebuild it exactly (not reproducible?)"
				elif rebuild "$a" "$o" "$tmp/pa.o" "$pa" && rebuild "$b" "$o" "$tmp/pb.o" "$pb" &&
					debug_only "$tmp/pa.o" "$tmp/pb.o"; then
					class=path
				else
					why="$why; not the same with __FILE__ relative to the tree either"
				fi
				;;
			esac
		fi
		what=$(explained)
		case $class in
		line)
			n_line=$((n_line + 1))
			line_objs+=("$o: $what (changed sources: $(for f in ${changed//,/ }; do printf '%s from line %s, ' "$f" "$(first_line "$f")"; done | sed 's/, $//'))")
			;;
		linked)
			n_link=$((n_link + 1))
			link_objs+=("$o: ${what:-?}")
			;;
		payload)
			payload_objs+=("$o")
			;;
		setup)
			setup_objs+=("$o")
			;;
		path)
			n_path=$((n_path + 1))
			path_objs+=("$o: the same with __FILE__ relative to the tree (a host tool)")
			;;
		*)
			n_bad=$((n_bad + 1))
			bad_objs+=("$o: $why${changed:+ (changed sources: ${changed//,/, })}")
			[ -n "$first" ] || first=$o
			;;
		esac
	done < <(cat <(list "$a") <(list "$b") | rank)

	note "objects: $n_same identical, $n_debug differ only in debug info, $n_path host tools only in the source tree's path (__FILE__), $n_line only in moved line numbers (__LINE__), $n_link linked files only as their objects, $((${#payload_objs[@]} + ${#setup_objs[@]})) bzImage payload, $n_bad unexplained ($n_ko modules among them all)"
	if [ "${VERBOSE:-0}" = 1 ] && [ $n_debug -gt 0 ]; then
		printf '  debug-only: %s\n' "${debug_objs[@]}"
	fi
	[ $n_path = 0 ] || printf '  source path: %s\n' "${path_objs[@]}"
	[ $n_line = 0 ] || printf '  __LINE__: %s\n' "${line_objs[@]}"
	[ $n_link = 0 ] || printf '  linked: %s\n' "${link_objs[@]}"
	[ $n_bad = 0 ] || printf '  UNEXPLAINED: %s\n' "${bad_objs[@]}" >&2
	if [ $identical = 1 ]; then
		[ -z "$first" ] || note "first differing object: $first (the verdict is vmlinux and bzImage)"
	else
		[ $n_bad = 0 ] || failure "first unexplained difference: $first"
	fi
}

# 2. vmlinux and bzImage: both must be there on both sides.
payload_ok='' setup_ok='' setup_why='' chain_why=''
# image_compare F: F (relative) compared as a linked file; prints why not.
image_compare() {
	local f=$1
	if ! stripped "$a/$f" "$tmp/va" || ! stripped "$b/$f" "$tmp/vb"; then
		echo "objcopy cannot read it"
		return 1
	fi
	if elf_compare "$tmp/va" "$tmp/vb" --linked --renames "$tmp/renames"; then
		return 0
	fi
	sed -n 's/^UNEXPLAINED: //p' "$tmp/elf.out" | head -n1
	return 1
}
# bin_of_vmlinux DIR: DIR's bzImage payload is its vmlinux stripped, as
# arch/x86/boot/compressed/Makefile makes it (OBJCOPYFLAGS_vmlinux.bin).
bin_of_vmlinux() {
	objcopy -R .comment -S "$1/vmlinux" "$tmp/bin" 2>/dev/null &&
		cmp -s "$tmp/bin" "$1/arch/x86/boot/compressed/vmlinux.bin"
}
# payload_of OBJDIR: the compressed payload file (relative) that
# arch/x86/boot/compressed/piggy.S includes, or nothing.
payload_of() {
	sed -n 's/^\.incbin "\(.*\)"$/\1/p' "$1/arch/x86/boot/compressed/piggy.S" 2>/dev/null
}
# setup_rule: A's and B's arch/x86/boot/setup.bin differ only as their
# zoffset.h do (header.S writes sizes and offsets of the compressed
# kernel into the boot header: payload_length, kernel_info_offset,
# syssize, init_size, the PE header's); on success it prints what
# differs, else why not. Each side's zoffset.h must be what its
# compressed/vmlinux gives (its own command run again), with
# ZO_z_input_len the size of the payload file its piggy.S includes;
# A's header.o assembled again with B's zoffset.h must be B's (debug
# info aside), and A's setup.elf linked again with it must give B's
# setup.bin. Nothing else may differ: no offset or formula is assumed,
# the build's own commands (from the .cmd files) compute them.
# zoffset_rule: each side's zoffset.h is what its compressed/vmlinux
# gives (its own command run again), with ZO_z_input_len the size of the
# payload file its piggy.S includes; writes "PAYLOAD SIZE" of A and B to
# $tmp/payload-sizes, else prints why not.
zoffset_rule() {
	local boot=arch/x86/boot d x zin pl size
	: >"$tmp/payload-sizes"
	for d in "$a" "$b"; do
		for x in zoffset.h header.o setup.elf setup.bin compressed/piggy.S; do
			[ -f "$d/$boot/$x" ] || { echo "$boot/$x is missing in $d"; return 1; }
		done
		rerun "$d" $boot/zoffset.h "$tmp/zoffset.h" ||
			{ echo "the command of $boot/zoffset.h cannot be run again in $d: $(tail -n 2 "$tmp/rebuild.log" | tr '\n' ' ')"; return 1; }
		cmp -s "$tmp/zoffset.h" "$d/$boot/zoffset.h" ||
			{ echo "$d/$boot/zoffset.h is not what its compressed/vmlinux gives (its command run again)"; return 1; }
		zin=$(sed -n 's/^#define ZO_z_input_len 0x\([0-9a-fA-F]*\)$/\1/p' "$d/$boot/zoffset.h")
		pl=$(payload_of "$d")
		[ -n "$zin" ] || { echo "$d/$boot/zoffset.h has no ZO_z_input_len"; return 1; }
		if [ -z "$pl" ] || [ ! -f "$d/$pl" ]; then
			echo "$d/$boot/compressed/piggy.S names no payload file that exists"
			return 1
		fi
		size=$(stat -c %s "$d/$pl")
		[ $((16#$zin)) = "$size" ] ||
			{ echo "ZO_z_input_len in $d/$boot/zoffset.h is $((16#$zin)), but its payload $pl is $size bytes"; return 1; }
		echo "$pl $size" >>"$tmp/payload-sizes"
	done
}
# setup_rule: A's and B's setup.bin differ only as their zoffset.h do
# (zoffset_rule, then A's header.o and setup.bin made again with B's
# zoffset.h); prints what differs, else why not.
setup_rule() {
	local boot=arch/x86/boot
	zoffset_rule || return 1
	mkdir -p "$tmp/zB"
	cp "$b/$boot/zoffset.h" "$tmp/zB/zoffset.h"
	# -iquote: #include "zoffset.h" finds B's before any -I directory;
	# the dependency file shows that it did.
	if ! rebuild "$a" $boot/header.o "$tmp/header.o" "-iquote $tmp/zB" ||
		! grep -qF "$tmp/zB/zoffset.h" "$tmp/header.o.d"; then
		echo "A's $boot/header.o cannot be assembled again with B's zoffset.h: $(tail -n 2 "$tmp/rebuild.log" | tr '\n' ' ')"
		return 1
	fi
	debug_only "$tmp/header.o" "$b/$boot/header.o" ||
		{ echo "A's $boot/header.o assembled with B's zoffset.h is not B's"; return 1; }
	if ! rerun "$a" $boot/setup.elf "$tmp/setup.elf" $boot/header.o "$tmp/header.o" ||
		! rerun "$a" $boot/setup.bin "$tmp/setup.bin" $boot/setup.elf "$tmp/setup.elf"; then
		echo "A's $boot/setup.bin cannot be made again: $(tail -n 2 "$tmp/rebuild.log" | tr '\n' ' ')"
		return 1
	fi
	cmp -s "$tmp/setup.bin" "$b/$boot/setup.bin" ||
		{ echo "A's $boot/setup.bin made again with B's zoffset.h differs from B's at byte $(cmp "$tmp/setup.bin" "$b/$boot/setup.bin" 2>&1 | sed -n 's/.* byte \([0-9]*\),.*/\1/p;s/.*EOF on .*/(a size)/p' | head -n1): not only zoffset.h's values differ"; return 1; }
	# What differs, named by setup.elf's symbols (setup.bin is its image
	# from address 0), and the values of zoffset.h that differ.
	printf '%s: the fields ' "$boot/setup.bin"
	cmp -l "$a/$boot/setup.bin" "$b/$boot/setup.bin" | awk -v nm="$(nm -n "$a/$boot/setup.elf" | awk '$2 !~ /^[aAUw]$/')" '
		function hex(s, v, k) {
			v = 0
			s = tolower(s)
			for (k = 1; k <= length(s); k++)
				v = v * 16 + index("0123456789abcdef", substr(s, k, 1)) - 1
			return v
		}
		BEGIN {
			n = split(nm, l, "\n")
			for (i = 1; i <= n; i++) {
				split(l[i], f, " ")
				addr[i] = hex(f[1])
				name[i] = f[3]
			}
		}
		{
			off = $1 - 1
			s = "(before any symbol)"
			for (i = 1; i <= n && addr[i] <= off; i++)
				s = name[i]
			if (!(s in bytes)) {
				order[++m] = s
				at[s] = off
			}
			bytes[s]++
		}
		END {
			for (i = 1; i <= m; i++)
				printf("%s%s (at %#x, %d byte%s)", (i > 1 ? ", " : ""), order[i], at[order[i]],
					bytes[order[i]], (bytes[order[i]] > 1 ? "s" : ""))
		}'
	printf ' differ, as header.S computes them from zoffset.h: A built again with B'"'"'s zoffset.h is B (header.o, setup.bin); zoffset.h: '
	diff "$a/$boot/zoffset.h" "$b/$boot/zoffset.h" | awk '
		function short(v) { sub(/^0x0*/, "0x", v); return v == "0x" ? "0x0" : v }
		$1 == "<" { old[$3] = short($4) }
		$1 == ">" { new[$3] = short($4); order[++n] = $3 }
		END {
			for (i = 1; i <= n; i++)
				out = out (i > 1 ? ", " : "") order[i] " " old[order[i]] " -> " new[order[i]]
			printf "%s", out
		}'
	awk 'NR == 1 { f = $1; s = $2 } NR == 2 { printf "; each side'"'"'s is its compressed/vmlinux'"'"'s, ZO_z_input_len the size of %s (%d -> %d bytes)\n", f, s, $2 }' "$tmp/payload-sizes"
}
# setup_same: A's and B's setup.bin are identical, which is right only
# if the payload's size did not change (zoffset_rule, and the two sizes
# equal); prints the size, else why not.
setup_same() {
	zoffset_rule || return 1
	awk 'NR == 1 { f = $1; s = $2 }
	     NR == 2 && $2 == s { printf "the size of %s is %d bytes on both sides\n", f, s; ok = 1 }
	     NR == 2 && $2 != s { printf "the size of %s differs (%d -> %d bytes), yet setup.bin, which holds it, does not\n", f, s, $2 }
	     END { exit !ok }' "$tmp/payload-sizes"
}
# made_again: on each side, bzImage and what it is made of, from
# compressed/vmlinux.bin on, are what their own commands (from their .cmd
# files) make of their inputs: the compressed payload that piggy.S
# includes, piggy.S, piggy.o, compressed/vmlinux (the decompressor, whose
# other objects are compared above), arch/x86/boot/vmlinux.bin and
# bzImage (with setup.bin). Prints what was made again, or why not.
made_again() {
	local d t pl ts
	for d in "$a" "$b"; do
		pl=$(payload_of "$d")
		[ -n "$pl" ] || { echo "$d/arch/x86/boot/compressed/piggy.S names no payload"; return 1; }
		ts=("$pl" arch/x86/boot/compressed/piggy.S arch/x86/boot/compressed/piggy.o
			arch/x86/boot/compressed/vmlinux arch/x86/boot/vmlinux.bin arch/x86/boot/bzImage)
		for t in "${ts[@]}"; do
			if ! rerun "$d" "$t" "$tmp/made-again"; then
				echo "$d/$t cannot be made again with its command: $(tail -n 2 "$tmp/rebuild.log" | tr '\n' ' ')"
				return 1
			fi
			if [[ $t == *.o ]]; then
				debug_only "$tmp/made-again" "$d/$t"
			else
				cmp -s "$tmp/made-again" "$d/$t"
			fi || { echo "$d/$t is not what its command makes of its inputs"; return 1; }
			rm -f "$tmp/made-again" "$tmp/made-again.d"
		done
	done
	echo "${ts[*]}"
}

# other_images: another arch's vmlinux and arch/ARCH/boot/Image (if
# either side has one), byte for byte (--identical).
other_images() {
	local others=(vmlinux) f

	[ ! -f "$a/$image" ] && [ ! -f "$b/$image" ] || others+=("$image")
	for f in "${others[@]}"; do
		if [ ! -f "$a/$f" ] || [ ! -f "$b/$f" ]; then
			failure "$f: missing in $a or $b"
		elif cmp -s "$a/$f" "$b/$f"; then
			note "$f: identical ($(stat -c %s "$a/$f") bytes)"
		else
			failure "$f: differs (--identical)"
		fi
	done
}

# compare_images: vmlinux and bzImage, and the payload objects.
compare_images() {
	if [ $objects_only = 0 ] && [ "$image" != arch/x86/boot/bzImage ]; then
		other_images
		return
	fi
	if [ $objects_only = 0 ]; then
		for f in vmlinux arch/x86/boot/bzImage; do
			for d in "$a" "$b"; do
				[ -f "$d/$f" ] || failure "$f: missing in $d"
			done
		done
		f=vmlinux vmlinux_ok='' vmlinux_why=''
		if [ -f "$a/$f" ] && [ -f "$b/$f" ]; then
			if cmp -s "$a/$f" "$b/$f"; then
				note "$f: identical ($(stat -c %s "$a/$f") bytes)"
				vmlinux_ok=identical
			elif [ $identical = 1 ]; then
				failure "$f: differs (--identical)"
			elif why=$(image_compare "$f"); then
				vmlinux_why=$(explained)
				note "$f: differs only as its objects do: $vmlinux_why"
				vmlinux_ok=traced
			else
				failure "$f: $why"
			fi
		fi
		f=arch/x86/boot/bzImage
		if [ -f "$a/$f" ] && [ -f "$b/$f" ]; then
			bin=arch/x86/boot/compressed/vmlinux.bin
			relocs=arch/x86/boot/compressed/vmlinux.relocs
			if cmp -s "$a/$f" "$b/$f"; then
				note "$f: identical ($(stat -c %s "$a/$f") bytes)"
				payload_ok=identical
			elif [ $identical = 1 ]; then
				failure "$f: differs (--identical)"
			elif [ ! -f "$a/arch/x86/boot/setup.bin" ] || [ ! -f "$b/arch/x86/boot/setup.bin" ]; then
				failure "$f: differs, and arch/x86/boot/setup.bin, its real-mode part, is missing"
			elif ! cmp -s "$a/arch/x86/boot/setup.bin" "$b/arch/x86/boot/setup.bin" &&
				! setup_why=$(setup_rule); then
				failure "$f: differs, and so does arch/x86/boot/setup.bin, its real-mode part, not only as zoffset.h does: $setup_why"
			elif cmp -s "$a/arch/x86/boot/setup.bin" "$b/arch/x86/boot/setup.bin" &&
				! setup_why=$(setup_same); then
				failure "$f: differs, and arch/x86/boot/setup.bin, its real-mode part, is identical: $setup_why"
			elif { [ -e "$a/$relocs" ] || [ -e "$b/$relocs" ]; } && ! cmp -s "$a/$relocs" "$b/$relocs"; then
				failure "$f: differs, and so does $relocs"
			elif [ ! -f "$a/$bin" ] || [ ! -f "$b/$bin" ]; then
				failure "$f: differs, and $bin, its payload, is missing"
			elif ! bin_of_vmlinux "$a" || ! bin_of_vmlinux "$b"; then
				failure "$f: differs, and its payload $bin is not vmlinux with its symbols stripped (objcopy -R .comment -S vmlinux) on both sides"
			elif [ "$vmlinux_ok" != traced ]; then
				failure "$f: differs, but its payload $bin is vmlinux stripped, and vmlinux is ${vmlinux_ok:-not shown to differ only as its objects do}"
			elif ! chain_why=$(made_again); then
				failure "$f: differs, and is not what its own commands make of its parts: $chain_why"
			else
				note "$f: differs in its compressed payload, $bin, which is vmlinux with its symbols stripped (objcopy -R .comment -S, run again on both sides): it differs only as vmlinux does: $vmlinux_why"
				note "$f: made again on each side, with the commands of its .cmd files, from $bin and setup.bin: $chain_why"
				payload_ok=traced
				if ! cmp -s "$a/arch/x86/boot/setup.bin" "$b/arch/x86/boot/setup.bin"; then
					note "$f: its payload's size is in its real-mode part: $setup_why"
					setup_ok=traced
				else
					note "$f: its real-mode part, arch/x86/boot/setup.bin, is identical: the payload's size did not change: $setup_why"
				fi
			fi
		fi
	fi
	if [ ${#payload_objs[@]} -gt 0 ]; then
		if [ "$payload_ok" = traced ]; then
			note "bzImage payload objects (the compressed vmlinux.bin, its sizes): ${payload_objs[*]}"
		else
			failure "${payload_objs[*]}: differ, but bzImage's payload is not shown to differ only as vmlinux does"
		fi
	fi
	if [ ${#setup_objs[@]} -gt 0 ] && [ "$setup_ok" != traced ]; then
		failure "${setup_objs[*]}: differs, but setup.bin is not shown to differ only as zoffset.h does (the payload's size)"
	fi
}

# verdict: exit 1 after any failure, or say what passed.
verdict() {
	if [ ${#failures[@]} -gt 0 ]; then
		echo "$prog: FAIL: ${#failures[@]} failure(s); the first: ${failures[0]}" >&2
		exit 1
	fi
	if [ $n_line = 0 ] && [ $n_link = 0 ]; then
		note "PASS: the same code and data in every object"
	else
		note "PASS: the same code and data, except moved line numbers in $n_line object(s) and $n_link linked file(s), each traced"
	fi
}

elfcmp=$(host_tool compare-elf)
parse_args "$@"
check_dirs
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-objs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
compare_sources
compare_objects
compare_images
verdict
