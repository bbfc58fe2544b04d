#!/usr/bin/env bash
# kbuild/sweep.sh - every style warning and fix-it of a kernel
# configuration (x86_64 allmodconfig by default), without building it.
#
# The C files of the configuration are compiled with -fsyntax-only, each
# with its own kbuild command line (so with the plugin, W=style, and the
# configuration's flags and generated headers): no code is generated,
# nothing is linked, no object is written.
#   1. configure: OBJ gets "make TARGET" (allmodconfig) and the changes of
#      kbuild/sweep.config (scripts/config), then olddefconfig;
#   2. prepare: "make W=style prepare" in OBJ (generated headers, the
#      plugin, objtool: what a compile needs);
#   3. the commands: "make -n W=style KCFLAGS=-fdiagnostics-parseable-fixits
#      DIR/..." prints the compile command of every C file of the DIRs
#      that the configuration builds (built-in or module); each is kept,
#      with the plugin's once= argument taken out (each file then reports
#      its headers' violations too; apply-fixits.sh applies a repeated
#      fix-it once);
#   4. the sweep: each command is run again in OBJ with -fsyntax-only
#      (under nice, JOBS at a time), its output into OUT/logs/OBJECT.log
#      (a compile that misses a header is run again after "make OBJECT",
#      which makes the headers its directory's Makefile generates);
#      a file is done when its log is there, so an interrupted sweep
#      goes on where it stopped (run the same command again; a file
#      whose compile failed is compiled again). A line
#      every PROGRESS_INTERVAL seconds shows files done, rate and ETA;
#   5. OUT/sweep.log (every file's log, in order: what kbuild/fix-tree.sh
#      --log reads), OUT/deps (OBJECT<TAB>the files it includes, from
#      the -MMD dependency files), OUT/summary.txt (files, warnings,
#      fix-its, compile failures, time, files per second).
#
# Usage: kbuild/sweep.sh [options] SRC OBJ OUT [DIR...]
#   SRC   a tree with the W=style series (kbuild/prepare-tree.sh)
#   OBJ   its O= directory (made and configured if it has no .config)
#   OUT   the sweep's results (kept between runs: resumable)
#   DIR   directories of the tree to sweep (default: the whole tree)
# Options:
#   --config TARGET   the configuration target (default allmodconfig)
#   --restart         forget the commands and logs of an earlier run
#   --files LIST      only the C files named in LIST (one path relative
#                     to SRC a line) among the DIRs' compile commands,
#                     e.g. the files a grep for candidate lines found
#   --except LIST     not the C files named in LIST (e.g. another
#                     architecture's coverage.txt: the files only this
#                     one compiles)
#   --first LIST      sweep the C files named in LIST first, in its
#                     order, then the rest (kbuild/sweep-candidates.sh's
#                     files: the warnings come early)
#   --spread          sweep the rest in an order spread over the whole
#                     tree (by a hash of the path, the same in every
#                     run), not in path order: the rate, the ETA and the
#                     results so far are then a sample of the whole
#   --data DIR        committed results (kbuild/sweep-data.sh): a file
#                     with a result in DIR is not compiled again, its log
#                     is made from DIR; so a sweep goes on, on another
#                     machine, from what was committed. At the end, the
#                     results are packed into DIR (while it runs:
#                     kbuild/sweep-data.sh pack, or make sweep-pack)
#   -h, --help
# Environment: JOBS (default 2), NICE (default 19), PROGRESS_INTERVAL
#   (default 30), ARCH (default x86_64), STYLE_PLUGIN (a style_plugin.so
#   built for the compiler, given in KCFLAGS: for an ARCH whose Kconfig
#   cannot enable GCC plugins; kbuild/sweep-cross.sh builds it),
#   SWEEP_VIA (a compiler wrapper, icecc: each compile goes through it
#   and writes an object into OUT/via, deleted; kbuild/sweep-icecc.sh).
# Exit: 0 done (compile failures are counted, not fatal), 1 error, 2 usage.
set -euo pipefail

prog=sweep.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 [--config TARGET] [--restart] [--files LIST] [--except LIST] [--first LIST] [--spread] [--data DIR] SRC OBJ OUT [DIR...]" >&2
	exit 2
}
config=allmodconfig restart=0 files='' except='' first='' data='' spread=0
options '--config=config --restart:restart --files=files --except=except --first=first --spread:spread --data=data' "$@"
shift "$nopts"
[ $# -ge 3 ] || usage
src=$1 obj=$2 out=$3
shift 3
dirs=("$@")
jobs=${JOBS:-2}
nice=${NICE:-19}
arch=${ARCH:-x86_64}
interval=${PROGRESS_INTERVAL:-30}
plugin=${STYLE_PLUGIN:-}
via=${SWEEP_VIA:-}
if [ -n "$plugin" ]; then
	[ -f "$plugin" ] || die "STYLE_PLUGIN '$plugin' not found"
	plugin=$(cd "$(dirname "$plugin")" && pwd -P)/$(basename "$plugin")
fi
# W=style, but with STYLE_PLUGIN (the kernel cannot enable the plugin,
# and refuses W=style without it): the plugin is in KCFLAGS instead.
wstyle=(W=style)
[ -z "$plugin" ] || wstyle=()

src=$(prepared_tree "$src") || exit
for d in ${dirs[@]+"${dirs[@]}"}; do
	d=${d%/}
	[ -d "$src/$d" ] || die "DIR '$d' is not a directory of $src"
done
if [ -n "$files" ]; then
	[ -f "$files" ] || die "--files: '$files' not found"
	files=$(cd "$(dirname "$files")" && pwd -P)/$(basename "$files")
fi
[ -z "$first" ] || [ -f "$first" ] || die "--first: '$first' not found"
if [ -n "$except" ]; then
	[ -f "$except" ] || die "--except: '$except' not found"
	except=$(cd "$(dirname "$except")" && pwd -P)/$(basename "$except")
fi
[ -z "$data" ] || [ -d "$data" ] || die "--data: '$data' is not a directory"
mkdir -p "$obj" "$out" || die "cannot create $obj or $out"
obj=$(cd "$obj" && pwd -P)
out=$(cd "$out" && pwd -P)
[ "$obj" != "$src" ] || die "OBJ must differ from SRC"
[ $restart = 0 ] || rm -rf "$out/commands" "$out/make-n.log" "$out/logs" "$out/sweep.log" "$out/deps" "$out/summary.txt"
mkdir -p "$out/logs"
kbuild_identity
mk() { nice -n "$nice" make -C "$src" O="$obj" ARCH="$arch" "$@"; }
t_start=$(date +%s)

# 1. The configuration.
if [ ! -f "$obj/.config" ]; then
	note "configuring $obj: make $config, then kbuild/sweep.config"
	mk "$config" >"$out/config.log" 2>&1 || die "make $config failed (see $out/config.log)"
	args=()
	while read -r op sym _; do
		case $op in '' | '#'*) continue ;; esac
		args+=("--$op" "$sym")
	done <"$here/sweep.config"
	"$src/scripts/config" --file "$obj/.config" "${args[@]}"
	mk olddefconfig >>"$out/config.log" 2>&1 || die "make olddefconfig failed (see $out/config.log)"
	[ -n "$plugin" ] || grep -qx 'CONFIG_GCC_PLUGIN_STYLE_CHECK=y' "$obj/.config" ||
		die "$obj/.config has no CONFIG_GCC_PLUGIN_STYLE_CHECK=y"
fi

# 2. What a compile needs.
if [ ! -f "$out/prepared" ] || [ "$obj/.config" -nt "$out/prepared" ]; then
	note "make${wstyle[*]:+ ${wstyle[*]}} prepare in $obj (log: $out/prepare.log)"
	: >"$out/prepare.log"
	JOBS=$jobs kbuild_make "$out/prepare.log" "sweep prepare" -C "$src" O="$obj" ARCH="$arch" \
		-j"$jobs" ${wstyle[@]+"${wstyle[@]}"} prepare || die "make prepare failed (see $out/prepare.log)"
	touch "$out/prepared"
fi

# 3. The compile commands: OBJECT<TAB>COMMAND (run in OBJ), listed
# again when the DIRs change, filtered again when the --files list does
# (the logs of files already swept are kept).
printf '%s\n' ${dirs[@]+"${dirs[@]}"} >"$out/dirs.new"
{
	if [ -n "$files" ]; then cat "$files"; else echo '# all'; fi
	[ -z "$except" ] || sed 's/^/-/' "$except"
} >"$out/files.new"
cmp -s "$out/dirs.new" "$out/dirs" 2>/dev/null || rm -f "$out/commands" "$out/make-n.log"
cmp -s "$out/files.new" "$out/files" 2>/dev/null || rm -f "$out/commands"
mv "$out/dirs.new" "$out/dirs"
mv "$out/files.new" "$out/files"
if [ ! -f "$out/commands" ]; then
	targets=()
	if [ ${#dirs[@]} = 0 ]; then
		targets=(all)
	else
		for d in "${dirs[@]}"; do targets+=("${d%/}/"); done
	fi
	if [ ! -f "$out/make-n.log" ]; then
		note "listing the compile commands (make -n ${targets[*]})"
		# -k: a directory whose generated files are missing under -n
		# still lists the rest.
		mk -n -k ${wstyle[@]+"${wstyle[@]}"} KCFLAGS="${plugin:+-fplugin=$plugin }-fdiagnostics-parseable-fixits" "${targets[@]}" \
			>"$out/make-n.log.tmp" 2>&1 || true
		mv "$out/make-n.log.tmp" "$out/make-n.log"
	fi
	perl -ne '
		while (/(?:^|[;&|]\s*)((?:\S*\/)?(?:[\w.-]+-)?gcc(?:-\d+)? -Wp,-MMD,(\S+) .*? -c -o (\S+\.o) (\S+\.c))(?=\s*(?:;|$))/g) {
			my ($c, $o) = ($1, $3);
			next if $seen{$o}++;
			# Host tools compiled with -c (scripts/mod, genmap) have no
			# plugin: not the configuration'"'"'s C files.
			next unless $c =~ / -fplugin=\S*style_plugin/;
			$c =~ s/ -fplugin-arg-style_plugin-once=\S+//g;
			print "$o\t$c\n";
		}' "$out/make-n.log" |
		# Only the DIRs' objects (make -n also lists host tools).
		D="${dirs[*]+${dirs[*]}}" awk -F'\t' 'BEGIN { n = split(ENVIRON["D"], d, " ") }
			{ if (!n) { print; next } for (i = 1; i <= n; i++) { p = d[i]; sub(/\/$/, "", p); if (index($1, p "/") == 1) { print; next } } }' |
		# --files: only the objects of the files listed (X.c makes X.o).
		awk -F'\t' -v f="$files" "$canon_awk"'
			BEGIN { if (f != "") while ((getline l < f) > 0) if (l ~ /\.c$/) { sub(/\.c$/, ".o", l); k[canon(l)] = 1 } }
			f == "" || (canon($1) in k)' |
		# --except: not the objects of the files listed (their first
		# column: a coverage.txt serves).
		awk -F'\t' -v f="$except" "$canon_awk"'
			BEGIN { if (f != "") while ((getline l < f) > 0) { sub(/\t.*/, "", l); sub(/^@O\//, "", l); if (l ~ /\.c$/) { sub(/\.c$/, ".o", l); k[canon(l)] = 1 } } }
			!(canon($1) in k)' |
		LC_ALL=C sort -t "$(printf '\t')" -k1,1 >"$out/commands.tmp"
	[ -s "$out/commands.tmp" ] ||
		die "make -n listed no compile command with the style plugin (see $out/make-n.log)"
	mv "$out/commands.tmp" "$out/commands"
	rm -rf "$out/cmds"
fi
# Each command in a file of its own, OUT/cmds/OBJECT (a compile reads
# its own, not the list of thousands).
if [ ! -d "$out/cmds" ]; then
	rm -rf "$out/cmds.tmp"
	D=$out/cmds.tmp perl -MFile::Path=make_path -F'\t' -lane '
		my $f = "$ENV{D}/$F[0]"; (my $d = $f) =~ s{/[^/]*$}{};
		make_path($d); open(my $h, ">", $f) or die "$f: $!"; print $h $F[1]; close($h);' "$out/commands"
	mv "$out/cmds.tmp" "$out/cmds"
fi
total=$(wc -l <"$out/commands")
# The results committed in --data DIR: their logs, not compiled again.
if [ -n "$data" ]; then
	"$here/sweep-data.sh" unpack "$src" "$obj" "$out" "$data"
fi
# Every object's log directory (amdgpu's objects are named
# .../amdgpu/../display/X.o: the path must resolve before its log exists).
cut -f1 "$out/commands" | sed 's|/[^/]*$||' | LC_ALL=C sort -u | sed "s|^|$out/logs/|" | xargs mkdir -p
# The files whose compile failed (their log's last line) are compiled
# again: a failure may be this machine's, or fixed since.
cut -f1 "$out/commands" | O=$out perl -lne '
	my $f = "$ENV{O}/logs/$_.log";
	open(my $h, "<", $f) or next;
	seek($h, -200, 2) if -s $f > 200;
	my @l = <$h>;
	close $h;
	if ($l[-1] !~ / exit 0$/) { unlink($f) or die "$f: $!"; print STDERR "sweep.sh: $_ failed before: compiled again" }'

# 4. The sweep.
# compile OBJECT COMMAND: the command with -fsyntax-only; with SWEEP_VIA
# (icecc), through it, writing the object into OUT/via (icecc compiles
# -fsyntax-only here, and a compile that writes nothing is not sent).
compile() {
	local o=$1 c=$2
	if [ -n "$via" ]; then
		mkdir -p "$out/via/$(dirname "$o")"
		c=$(V="$out/via/$o" perl -pe 's/ -c -o \S+ / -c -o $ENV{V} /' <<<"$c")
		local rc=0
		(cd "$obj" && nice -n "$nice" sh -c "$via $c") || rc=$?
		rm -f "$out/via/$o"
		return $rc
	else
		(cd "$obj" && nice -n "$nice" sh -c "$c -fsyntax-only")
	fi
}
# one OBJECT: its compile; its log written atomically.
one() {
	local o=$1 c log rc=0
	c=$(cat "$out/cmds/$o")
	log=$out/logs/$o.log
	mkdir -p "$(dirname "$log")" "$obj/$(dirname "$o")"
	compile "$o" "$c" >"$log.tmp" 2>&1 || rc=$?
	# A header that its directory's Makefile generates (radeon's
	# *_reg_safe.h, msm's *.xml.h: make prepare does not): kbuild makes
	# it for the object, "make DIR/FILE.o" (one at a time), then the
	# compile again.
	if [ $rc != 0 ] && grep -q 'fatal error: .*: No such file or directory' "$log.tmp"; then
		flock "$out/make.lock" nice -n "$nice" make -C "$src" O="$obj" ARCH="$arch" W=style "$o" \
			>"$log.make" 2>&1 || true
		rc=0
		compile "$o" "$c" >"$log.tmp" 2>&1 || rc=$?
		echo "# sweep: $o: its generated headers made first (make $o)" >>"$log.tmp"
	fi
	echo "# sweep: $o exit $rc" >>"$log.tmp"
	# Its dependency file, kept with the log (a build in OBJ, such as
	# kbuild/treewide-proof.sh's, turns OBJ's copy into a .cmd file).
	d=$obj/$(dirname "$o")/.$(basename "$o").d
	[ ! -f "$d" ] || cp "$d" "$log.d"
	mv "$log.tmp" "$log"
}
export -f one compile
export out obj nice src arch via
# todo: the objects without a log, those of --first's files first, then
# the rest in path order or, with --spread, by the MD5 of their path.
todo() {
	{
		[ -z "$first" ] || sed -n 's/\.c$/.o/p' "$first"
		if [ $spread = 1 ]; then
			cut -f1 "$out/commands" | perl -MDigest::MD5=md5_hex -lne 'print md5_hex($_), "\t", $_' |
				LC_ALL=C sort | cut -f2
		else
			cut -f1 "$out/commands"
		fi
	} | awk -v c="$out/commands" "$canon_awk"'
		BEGIN { while ((getline l < c) > 0) { sub(/\t.*/, "", l); in_sweep[canon(l)] = l } }
		{ p = canon($0) } (p in in_sweep) && !seen[p]++ { print in_sweep[p] }' |
		while IFS= read -r o; do
			[ -f "$out/logs/$o.log" ] || echo "$o"
		done
}
# done_count: the files of the sweep whose log is there.
done_count() {
	cut -f1 "$out/commands" | while IFS= read -r o; do
		[ ! -f "$out/logs/$o.log" ] || echo
	done | wc -l
}
before=$(done_count)
note "$total files in the sweep, $before done before, $((total - before)) to go, $jobs at a time"
t0=$(date +%s)
# child_cpu VAR: the CPU seconds (user+sys) of the shell's children so
# far into VAR ("times" in this shell: a subshell's children are not its).
child_cpu() {
	times >"$out/times.tmp"
	printf -v "$1" '%s' "$(tail -n 1 "$out/times.tmp" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')"
}
cpu0=0 cpu=0
child_cpu cpu0
(
	while sleep "$interval"; do
		n=$(done_count)
		dt=$(($(date +%s) - t0))
		rate=$(awk -v n=$((n - before)) -v t=$dt 'BEGIN { printf "%.2f", t ? n / t : 0 }')
		eta=$(awk -v r="$rate" -v left=$((total - n)) 'BEGIN { printf "%d", (r > 0 ? left / r : -1) }')
		echo "$prog: $n/$total files, $(kbuild_elapsed "$dt"), $rate files/s, ETA $(kbuild_elapsed "$((eta < 0 ? 0 : eta))")" >&2
	done
) &
reporter=$!
trap 'kill $reporter 2>/dev/null || true' EXIT
todo | xargs -r -P "$jobs" -I{} bash -c 'one "$1"' _ {}
kill $reporter 2>/dev/null || true
t_sweep=$(($(date +%s) - t0))
# The CPU time of the compiles (the shell's children since the sweep
# started: xargs and all).
child_cpu cpu
cpu=$((cpu - cpu0))
swept=$(($(done_count) - before))

# 5. The results.
: >"$out/sweep.log.tmp"
: >"$out/deps.tmp"
fail=0
while IFS=$(printf '\t') read -r o _; do
	log=$out/logs/$o.log
	cat "$log" >>"$out/sweep.log.tmp"
	tail -n 1 "$log" | grep -q ' exit 0$' || fail=$((fail + 1))
	d=$log.d
	[ -f "$d" ] || d=$obj/$(dirname "$o")/.$(basename "$o").d
	[ -f "$d" ] || continue
	printf '%s\t%s\n' "$o" "$(sed -e 's/^[^:]*://' -e 's/\\$//' "$d" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')" >>"$out/deps.tmp"
done <"$out/commands"
mv "$out/sweep.log.tmp" "$out/sweep.log"
mv "$out/deps.tmp" "$out/deps"
nwarn=$(grep -cE "$STYLE_WARNING_RE\$" "$out/sweep.log" || true)
nuniq=$(grep -E "$STYLE_WARNING_RE\$" "$out/sweep.log" | LC_ALL=C sort -u | wc -l)
nfix=$(grep '^fix-it:"' "$out/sweep.log" | LC_ALL=C sort -u | wc -l)
withw=$(cut -f1 "$out/commands" | sed "s|^|$out/logs/|; s|\$|.log|" | xargs grep -lE "$STYLE_WARNING_RE" | wc -l)
{
	echo "sweep of ${dirs[*]:-the whole tree}: $(basename "$src"), $(sed -n 's/^# Linux.* \([0-9.]*\) Kernel Configuration$/\1/p' "$obj/.config" | head -n1) $config for $arch (changes: kbuild/sweep.config)"
	echo "files: $total compile commands, $fail failed to compile (their logs say why), $withw with style warnings"
	echo "warnings: $nwarn ($nuniq distinct), fix-it lines: $nfix distinct"
	echo "time: $t_sweep s for the $swept files swept in this run ($(awk -v n="$swept" -v t="$t_sweep" 'BEGIN { printf "%.2f", t ? n / t : 0 }') files/s, JOBS=$jobs, nice $nice), $cpu s CPU (user+sys, $(awk -v n="$swept" -v c="$cpu" 'BEGIN { printf "%.2f", n ? c / n : 0 }') s a file); the whole run $(($(date +%s) - t_start)) s"
} | tee "$out/summary.txt"
# The compact results to commit (--data DIR).
if [ -n "$data" ]; then
	"$here/sweep-data.sh" pack "$src" "$obj" "$out" "$data"
fi
