# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034
#
# scripts/lib.sh - the one shell library of the project: every script,
# tool or test (testsuite/, kbuild/, qemu/, bench/, scripts/check.sh)
# sources it; kbuild/templates/ (which goes into the kernel tree) does not.
#
# Usage: prog=NAME; . "$root/scripts/lib.sh"   (prog: the name in messages)
#
# Sets top (the repository) and defines:
#   die MESSAGE          "$prog: error: MESSAGE" on stderr, exit 1 (or
#                        $die_status; with $die_fail set, also the line
#                        "FAIL: $die_fail MESSAGE" on stdout)
#   die_log LOG MESSAGE  die, with the last 30 lines of LOG after it
#   note MESSAGE         "$prog: MESSAGE" (note_time=1: with the time, on
#                        stderr)
#   pass, fail, check    the tests' PASS/FAIL lines, counted
#   wait_for SECONDS COMMAND...   COMMAND again until it succeeds
#   STYLE_TAG_RE, STYLE_WARNING_RE, STYLE_ERROR_RE   a style diagnostic
#   kbuild_make          the kernel's make, with its progress
#   test_env             the settings of the testsuite's tests (GCC,
#                        PLUGIN, tmp_root, LC_ALL, SARIF_MULTITOOL)
#   gcc_ok, canary_only, scratch   the testsuite's compiles
#   needs_libc_only SO   SO's only needed library is libc
#   host_tool NAME       the path of kbuild/NAME.c built for the host
#   canon_awk            an awk function canon(PATH): PATH without DIR/..
# and what the kbuild scripts share (the series, kernel tarballs, build
# identity, paths).  Needs: bash, GNU patch, git, tar, xz.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() {
	echo "$prog: error: $*" >&2
	[ -z "${die_fail+set}" ] || echo "FAIL: $die_fail$*"
	exit "${die_status:-1}"
}

# die_log LOG MESSAGE: a command whose output is in LOG failed.
die_log() {
	local log=$1

	shift
	echo "$prog: error: $* (last lines of $log below)" >&2
	tail -n 30 "$log" >&2
	exit "${die_status:-1}"
}

note() {
	if [ "${note_time:-0}" = 1 ]; then
		echo "$prog: $(date +%T) $*" >&2
	else
		echo "$prog: $*"
	fi
}

# The tests' results: "PASS: ..." / "FAIL: ..." lines, counted in
# $passed and $failed; check DESCRIPTION COMMAND... runs the command.
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# wait_for SECONDS COMMAND...: run COMMAND every 0.1 s until it succeeds
# (0) or SECONDS have passed (1): for a daemon's log line that may come
# after the client is done.
wait_for() {
	local tries=$(($1 * 10))

	shift
	until "$@"; do
		tries=$((tries - 1))
		[ "$tries" -gt 0 ] || return 1
		sleep 0.1
	done
}

# The plugin's diagnostics end with their tag (extended regular
# expressions, for grep -E and awk, also through awk -v: no backslash):
# STYLE_TAG_RE a warning's "[-Wstyle-RULE]" or an error's
# "[-Werror=style-RULE]"; STYLE_WARNING_RE and STYLE_ERROR_RE a warning's
# or an error's message and tag (end them with $ for a whole line;
# STYLE_WARNING_RE's one group is the rule).  The one place they are
# written.
STYLE_TAG_RE='[[]-W(error=)?style-[a-z-]+[]]'
STYLE_WARNING_RE=': warning: .*[[]-Wstyle-([a-z-]+)[]]'
STYLE_ERROR_RE=': error: .*[[]-Werror=style-[a-z-]+[]]'

# test_env: the settings of the testsuite's tests: GCC, PLUGIN (made
# absolute: tests compile in scratch directories), tmp_root (BUILD,
# default <repo>/build), LC_ALL=C, SARIF_MULTITOOL (the validator
# scripts/deps-npm.sh installs under BUILD).
test_env() {
	GCC=${GCC:-gcc}
	PLUGIN=${PLUGIN:-$top/plugin/style_plugin.so}
	case $PLUGIN in /*) ;; *) PLUGIN=$PWD/$PLUGIN ;; esac
	tmp_root=${BUILD:-$top/build}
	SARIF_MULTITOOL=$(sarif_multitool "$tmp_root")
	export LC_ALL=C
}

# sarif_multitool BUILD: where scripts/deps-npm.sh installed Sarif.Multitool
# for BUILD (SARIF_MULTITOOL if set): the one place its path is written.
sarif_multitool() {
	echo "${SARIF_MULTITOOL:-$1/npm/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool}"
}

# scratch DIR: make DIR anew and work in it.
scratch() {
	rm -rf "$1"
	mkdir -p "$1" && cd "$1" || exit 1
}

# What shows a compile went wrong, whatever its exit status: an internal
# compiler error, a crash, a plugin that did not load.
BROKEN_RE='internal compiler error|cannot load plugin|fail(ed)? to initialize plugin|Segmentation fault|killed by signal|terminated program'

#   gcc_ok STATUS LOG    the compile exited 0 and LOG (its stderr) shows
#                        no ICE, crash or plugin load error
gcc_ok() {
	[ "$1" -eq 0 ] && ! grep -Eq "$BROKEN_RE" "$2"
}

# The canary: compiles that must report nothing of their own also take
# -include "$CANARY", whose violation must be reported: a plugin that
# did not run, or checked nothing, cannot pass for one that found no
# fault.
CANARY=$top/testsuite/style.dg/include/canary.h

#   canary_only STATUS LOG   gcc_ok, the canary's warning is in LOG, and
#                            no other style warning is
canary_only() {
	gcc_ok "$1" "$2" &&
	grep -q "canary.h:[0-9]*:[0-9]*: warning: statement on the same line as the .if. condition \[-Wstyle-if-body\]" "$2" &&
	! grep -E "$STYLE_TAG_RE" "$2" | grep -vq 'canary.h:'
}

# test_setup [VERSION...]: the settings of the kernel build tests:
# versions (the arguments; default 6.1 6.12), build (BUILD, default
# <repo>/build), work (WORK, default $build/kbuild-test; made, absolute),
# jobs (JOBS, default 2).  Needs $root.
test_setup() {
	versions=("$@")
	[ ${#versions[@]} -gt 0 ] || versions=(6.1 6.12)
	build=${BUILD:-$root/build}
	work=${WORK:-$build/kbuild-test}
	jobs=${JOBS:-2}
	mkdir -p "$work"
	work=$(cd "$work" && pwd)
}

# options SPEC ARGS...: the options at the head of ARGS, as SPEC says:
# words "--NAME=VAR" (an option with a value, "--NAME VALUE": VAR=VALUE)
# and "--NAME:VAR" (a flag: VAR=1).  "--" ends them; -h, --help, an
# unknown option and a missing value call the caller's usage (after a
# line saying which).  Sets nopts, the number of words to shift.
options() {
	local spec=$1 w found

	shift
	nopts=0
	while [ $# -gt 0 ]; do
		case $1 in
		-h | --help) usage ;;
		--) nopts=$((nopts + 1)); return 0 ;;
		-*) ;;
		*) return 0 ;;
		esac
		found=
		for w in $spec; do
			case $w in
			"$1="*)
				[ $# -ge 2 ] || { echo "$prog: $1 needs an argument" >&2; usage; }
				printf -v "${w#*=}" '%s' "$2"
				shift 2
				nopts=$((nopts + 2))
				found=1
				break
				;;
			"$1:"*)
				printf -v "${w#*:}" 1
				shift
				nopts=$((nopts + 1))
				found=1
				break
				;;
			esac
		done
		[ -n "$found" ] || { echo "$prog: unknown option $1" >&2; usage; }
	done
}

# prepared_tree SRC: SRC's physical path; dies unless SRC is a kernel
# source tree with the series applied (kbuild/prepare-tree.sh).
prepared_tree() {
	[ -d "$1" ] || die "SRC '$1' is not a directory"
	{ [ -f "$1/Makefile" ] && [ -f "$1/Kconfig" ]; } ||
		die "SRC '$1' is not a kernel source tree (no Makefile/Kconfig)"
	[ -f "$1/scripts/gcc-plugins/style_plugin.c" ] ||
		die "SRC '$1' has no scripts/gcc-plugins/style_plugin.c: prepare it with kbuild/prepare-tree.sh"
	(cd "$1" && pwd -P)
}

# header_field PATCH NAME: the value of PATCH's mail header NAME (From,
# Subject, ...), its folded lines joined (git format-patch folds a long
# one); empty if it has none.
header_field() {
	sed -n '2,/^$/p' "$1" |
		awk '/^[ \t]/ { h = h $0; next } { if (h != "") print h; h = $0 } END { print h }' |
		sed -n "s/^$2: //p" | head -n1
}

# needs_libc_only SO: the shared object SO needs libc alone (readelf's
# NEEDED entries): no compile that loads the plugin loads libstdc++.
needs_libc_only() {
	[ "$(readelf -d "$1" | grep -o '(NEEDED).*')" = "(NEEDED)             Shared library: [libc.so.6]" ]
}

# series_patches PATCHDIR: the patch files of PATCHDIR/series, in order.
series_patches() {
	local dir=$1 p
	[ -f "$dir/series" ] || die "$dir/series not found (run kbuild/gen-series.sh)"
	while read -r p; do
		case $p in '' | '#'*) continue ;; esac
		p=${p%% *}
		[ -f "$dir/$p" ] || die "$dir/series lists $p, which does not exist"
		echo "$dir/$p"
	done <"$dir/series"
}

# touched_files PATCH...: the paths (relative to the tree) the patches
# modify or create, one per line, sorted.
touched_files() {
	sed -n -e 's|^--- a/\([^\t]*\).*|\1|p' -e 's|^+++ b/\([^\t]*\).*|\1|p' "$@" |
		LC_ALL=C sort -u
}

# tarball_of VERSION: Debian's linux-source tarball for VERSION.
tarball_of() {
	local t=/usr/src/linux-source-$1.tar.xz
	[ -f "$t" ] || die "$t not found: install the Debian package linux-source-$1"
	echo "$t"
}

# extract_files VERSION DEST FILE...: unpack FILEs (paths in the tree)
# of linux-source-VERSION into DEST, a directory laid out like the tree.
# Files the tarball does not have are skipped.
extract_files() {
	local version=$1 dest=$2 tarball top
	shift 2
	tarball=$(tarball_of "$version")
	top=linux-source-$version
	mkdir -p "$dest"
	tar -xJf "$tarball" -C "$dest" --strip-components=1 --wildcards \
		--no-wildcards-match-slash $(printf "$top/%s " "$@") 2>/dev/null || true
}

# apply_one METHOD TREE PATCH [-R]: apply PATCH to TREE without fuzz (or
# take it back with -R). METHOD is "patch" (GNU patch -p1 --fuzz=0) or
# "git" (git apply, which never fuzzes). Prints the tool's output on
# failure and returns non-zero.
apply_one() {
	local method=$1 tree=$2 patch=$3 rev=${4:-} log rc=0
	log=$(mktemp)
	case $method in
	patch)
		# -N: a patch that looks already applied is an error, not a
		# reason to take it back.
		patch -d "$tree" -p1 --fuzz=0 --no-backup-if-mismatch -r - -s \
			${rev:--N} -i "$patch" </dev/null >"$log" 2>&1 || rc=$?
		;;
	git)
		# Outside any repository, so that git apply takes the paths
		# as relative to TREE.
		(cd "$tree" && GIT_CEILING_DIRECTORIES=$(dirname "$(pwd)") \
			git apply $rev -p1 "$patch") </dev/null >"$log" 2>&1 || rc=$?
		;;
	*) die "apply_one: unknown method $method" ;;
	esac
	[ $rc -eq 0 ] || sed 's/^/    /' "$log" >&2
	rm -f "$log"
	return $rc
}

# check_series METHOD MIRROR PATCH...: apply the patches in order to
# MIRROR, a scratch copy of the files they touch. Dies naming the first
# patch that does not apply.
check_series() {
	local method=$1 mirror=$2 p
	shift 2
	for p in "$@"; do
		apply_one "$method" "$mirror" "$p" ||
			die "$(basename "$p") does not apply without fuzz (checked with $method)"
	done
}

# canon_awk: canon(PATH) for awk programs, PATH without "DIR/../" and
# "./" (amdgpu's objects are drivers/gpu/drm/amd/amdgpu/../display/...,
# kvm's arch/x86/kvm/../../../virt/...)
canon_awk='function canon(p,  n, a, i, m, o) {
	n = split(p, a, "/"); m = 0
	for (i = 1; i <= n; i++) if (a[i] == ".." && m > 0 && st[m] != "..") m--; else if (a[i] != ".") st[++m] = a[i]
	o = st[1]; for (i = 2; i <= m; i++) o = o "/" st[i]
	return o
}'

# host_tool NAME: the path of the proof's host tool kbuild/NAME.c
# (compare-elf, compare-tokens), built with the host's cc into
# $BUILD/tools the first time (and again when the source, or a header
# of kbuild/ such as canon-path.h, is newer).
host_tool() {
	local t=${BUILD:-$top/build}/tools/$1 c=$top/kbuild/$1.c

	if [ ! "$t" -nt "$c" ] || [ -n "$(find "$top/kbuild" -maxdepth 1 -name '*.h' -newer "$t")" ]; then
		mkdir -p "$(dirname "$t")" || die "cannot create $(dirname "$t")"
		${HOSTCC:-cc} -O2 -Wall -o "$t.$$" "$c" && mv -f "$t.$$" "$t" ||
			die "cannot build $t from $c"
	fi
	echo "$t"
}

# kbuild_identity: export the fixed build identity of qemu/build.sh
# (KBUILD_BUILD_TIMESTAMP/USER/HOST/VERSION, unless set; LC_ALL, TZ), so
# that two builds of a tree, or a build and a make in it later, give
# the same vmlinux.
kbuild_identity() {
	export KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-2024-01-01 00:00:00 UTC}
	export KBUILD_BUILD_USER=${KBUILD_BUILD_USER:-style}
	export KBUILD_BUILD_HOST=${KBUILD_BUILD_HOST:-style-build}
	export KBUILD_BUILD_VERSION=${KBUILD_BUILD_VERSION:-1}
	export LC_ALL=C TZ=UTC
}

# kernel_arch ARCH: the settings of the QEMU kernels of ARCH (x86_64,
# arm64, riscv), the one place they are written: karch_dir (under
# arch/), karch_image (the make target, also the file under
# arch/DIR/boot/), karch_fragment (in qemu/), karch_cross (the
# CROSS_COMPILE default; empty: the host's gcc), karch_qemu,
# karch_machine (its -machine and -cpu options), karch_console,
# karch_append (what the kernel command line gives /init: qemu/init.c),
# karch_pkgs (the Debian packages of the compiler, its plugin headers,
# a static libc and QEMU).  Unknown ARCH: die.
kernel_arch() {
	case $1 in
	x86_64 | x86)
		karch_dir=x86 karch_image=bzImage karch_fragment=tiny.config
		karch_cross= karch_qemu=qemu-system-x86_64
		karch_machine="-machine pc -cpu qemu64" karch_console=ttyS0
		karch_append=STYLE_EXIT=reboot
		karch_pkgs="gcc gcc-12-plugin-dev libc6-dev qemu-system-x86" ;;
	arm64)
		karch_dir=arm64 karch_image=Image karch_fragment=arm64.config
		karch_cross=aarch64-linux-gnu- karch_qemu=qemu-system-aarch64
		karch_machine="-machine virt -cpu cortex-a57" karch_append=
		karch_console=ttyAMA0
		karch_pkgs="gcc-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm" ;;
	riscv)
		karch_dir=riscv karch_image=Image karch_fragment=riscv64.config
		karch_cross=riscv64-linux-gnu- karch_qemu=qemu-system-riscv64
		karch_machine="-machine virt -bios default" karch_append=
		karch_console=ttyS0
		karch_pkgs="gcc-riscv64-linux-gnu gcc-12-plugin-dev-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-system-misc opensbi" ;;
	*)
		die "ARCH '$1' has no QEMU kernel here (x86_64, arm64, riscv)" ;;
	esac
}

# kbuild_make LOG LABEL MAKEARG...: make MAKEARG..., its whole output
# appended to LOG, and every PROGRESS_INTERVAL seconds (default 30) one
# line on stderr that shows it is alive and how far it is:
#   linux-6.1 style: 412 objects compiled, 3 min (last: CC kernel/fork.o)
# counted from Kbuild's "  CC" lines in LOG since the call; a last line
# when make is done.  Returns make's exit status.  Make runs in the
# foreground (an interrupt stops it); the reporter is a background
# process that ends with it, or with the calling shell.
kbuild_make() {
	local log=$1 label=$2 from rc=0 reporter t0=$SECONDS

	shift 2
	from=$(($(stat -c %s "$log" 2>/dev/null || echo 0) + 1))
	kbuild_progress "$log" "$label" "$from" "$BASHPID" &
	reporter=$!
	make "$@" >>"$log" 2>&1 || rc=$?
	kill "$reporter" 2>/dev/null || true
	wait "$reporter" 2>/dev/null || true
	echo "$label: make done (exit $rc), $(kbuild_done "$log" "$from") objects compiled in $(kbuild_elapsed $((SECONDS - t0)))" >&2
	return $rc
}

# kbuild_done LOG FROM: the "  CC" lines of LOG from byte FROM on.
kbuild_done() {
	tail -c +"$2" "$1" 2>/dev/null | grep -c '^  CC ' || true
}

# cmd_compile CMDFILE: the compile of a kbuild .cmd file: its command
# up to the first ";" (objtool, fixdep come after it), without the
# "rm -f .foo.o.sarif;" that STYLE_SARIF= puts before it.
cmd_compile() {
	sed -n -e '1{s/^cmd_[^ ]* := //' -e 's/^rm -f [^ ;]*\.sarif; *//' \
		-e 's/[[:space:]]*;.*//' -e 'p' -e '}' "$1"
}

# cc_objects LOG: the kernel objects the "  CC" lines of a build log
# name, once each, in the build's order (no host tools: nothing under
# scripts/ or tools/, no absolute path).
cc_objects() {
	awk '$1 == "CC" { f = $2 == "[M]" ? $3 : $2 }
	$1 == "CC" && f ~ /\.o$/ && f !~ /^(\/|scripts\/|tools\/)/ && !seen[f]++ { print f }' "$1"
}

# kbuild_elapsed SECONDS: "3 min 12 s", "45 s".
kbuild_elapsed() {
	if [ "$1" -ge 60 ]; then
		echo "$(($1 / 60)) min $(($1 % 60)) s"
	else
		echo "$1 s"
	fi
}

# kbuild_progress LOG LABEL FROM PID: kbuild_make's reporter, while PID
# (the shell that runs make) lives.
kbuild_progress() {
	local log=$1 label=$2 from=$3 pid=$4 interval=${PROGRESS_INTERVAL:-30}
	local t0=$SECONDS next last

	next=$((t0 + interval))
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		[ "$SECONDS" -ge "$next" ] || continue
		next=$((next + interval))
		last=$(tail -c +"$from" "$log" 2>/dev/null | grep '^  [A-Z]' | tail -n 1 |
			sed 's/^  *//; s/  */ /')
		echo "$label: $(kbuild_done "$log" "$from") objects compiled, $(kbuild_elapsed $((SECONDS - t0)))${last:+ (last: $last)}" >&2
	done
}

# relto_src SRC OBJ [FIELD]: the paths of tab-separated FIELD (default 2)
# of standard input, as the compiler named them (absolute, or relative to
# the O= dir OBJ), made relative to the source tree SRC; lines whose
# path is not in SRC (generated files in OBJ, system headers) are left
# out. One perl process, no fork per path.
relto_src() {
	SRC=$1 OBJ=$2 FIELD=${3:-2} perl -MFile::Spec -F'\t' -lane '
		BEGIN { $s = $ENV{SRC}; $o = $ENV{OBJ}; $k = $ENV{FIELD} - 1 }
		my $p = $F[$k];
		$p = "$o/$p" unless $p =~ m{^/};
		$p = File::Spec->canonpath($p);
		1 while $p =~ s{/(?!\.\./)[^/]+/\.\./}{/};
		next unless index($p, "$s/") == 0 && index($p, "$o/") != 0;
		$F[$k] = substr($p, length($s) + 1);
		print join("\t", @F);'
}

# style_text_set SRC BUILDLOG: the style warnings of a build log, one
# "file:line:col rule" a line, sorted, each once; file relative to the
# source tree SRC and without "dir/../" (GCC prints the path as it
# opened it, a SARIF log the real path).  sarif_result_set LOG: the
# results of a SARIF log in the same form, sorted, duplicates kept.
style_text_set() {
	sed -n 's#^\([^ :]*\):\([0-9]*\):\([0-9]*\): \(warning\|error\): .*\[-W\(error=\)\{0,1\}\(style-[a-z-]*\)\]$#\1:\2:\3 \6#p' "$2" |
		sed -e "s#^$1/##" -e ':a' -e 's#[^/ ]*/\.\./##' -e 'ta' | LC_ALL=C sort -u
}
sarif_result_set() {
	jq -r '.runs[0].results[] | .locations[0].physicalLocation as $l |
		"\($l.artifactLocation.uri):\($l.region.startLine):\($l.region.startColumn) \(.ruleId)"' "$1" |
		LC_ALL=C sort
}

# queue_split QUEUE DIR: the patches of a queue of pending work, in
# order, as DIR/0001.patch, DIR/0002.patch, ...; QUEUE is a quilt
# directory (with a series file), an mbox or one patch (a file), or a
# git range REPO:RANGE (or RANGE, in the current directory's
# repository), e.g. ~/linux:v6.12..my-branch.  Prints the count.
queue_split() {
	local q=$1 dir=$2 p n=0 repo range
	mkdir -p "$dir"
	if [ -d "$q" ] && [ -f "$q/series" ]; then
		while read -r p; do
			case $p in '' | '#'*) continue ;; esac
			p=${p%% *}
			[ -f "$q/$p" ] || die "$q/series lists $p, which does not exist"
			n=$((n + 1))
			cp "$q/$p" "$dir/$(printf %04d "$n").patch"
		done <"$q/series"
	elif [ -f "$q" ]; then
		if grep -q '^From [0-9a-f]\{40\} ' "$q"; then
			n=$(git mailsplit -d4 -o"$dir" "$q") || die "$q: not an mbox git mailsplit can read"
			for p in "$dir"/[0-9][0-9][0-9][0-9]; do
				[ -f "$p" ] && mv "$p" "$p.patch"
			done
		else
			n=1
			cp "$q" "$dir/0001.patch"
		fi
	else
		case $q in
		*:*..*) repo=${q%%:*} range=${q#*:} ;;
		*..*) repo=. range=$q ;;
		*) die "queue $q: not a quilt directory (no series file), a file or a git range (REPO:A..B)" ;;
		esac
		git -C "$repo" rev-parse -q --verify "${range%%..*}^{commit}" >/dev/null ||
			die "queue $q: ${range%%..*} is no commit of $repo"
		git -C "$repo" format-patch -q --no-signature -o "$dir" "$range" >/dev/null ||
			die "queue $q: git format-patch $range failed"
		n=$(find "$dir" -name '*.patch' | wc -l)
		# format-patch names them NNNN-subject.patch: keep the order only.
		for p in "$dir"/[0-9][0-9][0-9][0-9]-*.patch; do
			[ -f "$p" ] && mv "$p" "$dir/$(basename "$p" | cut -c1-4).patch"
		done
	fi
	[ "$n" -gt 0 ] || die "queue $q: no patch in it"
	echo "$n"
}
