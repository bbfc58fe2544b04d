# kbuild/lib.sh - shell functions shared by the kbuild/*.sh scripts.
#
# Source it after setting "prog" (the script name used in messages):
#   prog=foo.sh; . "$here/lib.sh"
# Needs: bash, GNU patch, git, tar, xz.

die() {
	echo "$prog: error: $*" >&2
	exit 1
}

note() {
	echo "$prog: $*"
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

# sarif_multitool BUILD: where scripts/deps-npm.sh installed Sarif.Multitool
# for BUILD (SARIF_MULTITOOL if set), as testsuite/lib/common.sh says.
sarif_multitool() {
	(BUILD=$1 && . "$(dirname "${BASH_SOURCE[0]}")/../testsuite/lib/common.sh" &&
		echo "$SARIF_MULTITOOL")
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
