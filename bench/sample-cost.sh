#!/usr/bin/env bash
# bench/sample-cost.sh - the plugin's cost per compile over a random sample
# of the objects of the 6.1 x86_64 defconfig (issue 20).
#
# No kernel build is needed: the tree is configured and prepared (make
# defconfig prepare), the defconfig's objects and their compile commands
# are listed with make -n, and the sampled objects are compiled one by one
# with those commands.  Stages (name some to run only those; default all but plain):
#   tree     kbuild/prepare-tree.sh 6.1 (the W=style series), make
#            defconfig and make prepare in $SAMPLE_OUT
#   list     make -n all: every kernel C object whose source is in the tree,
#            its compile command and the size of its .c file in bytes
#   draw     SAMPLE_N objects drawn without replacement, each with a
#            probability proportional to the size of its .c file in bytes
#            (Efraimidis-Spirakis keys u^(1/size), u from a Park-Miller
#            generator seeded with SAMPLE_SEED, so that the draw is the
#            same with any awk), in the order drawn: the first K are a
#            sample of K drawn the same way
#   records  the first SAMPLE_RUN objects: make OBJ if it does not compile
#            (a file generated during the build is missing), then one compile of each with the plugin (a copy of
#            PLUGIN, used by this stage and the next) into one
#            once= directory: the records a build leaves, which the
#            measured compiles start from (copied for each), as a compile
#            in the middle of a build finds them
#   plain    the plain instruction counts of the first SAMPLE_RUN objects
#            only (as measure counts them): they do not depend on the
#            plugin; from the last, so that a measure stage run at the
#            same time meets it midway (not run by default: measure
#            counts what is missing)
#   rss      the peak RSS of the first SAMPLE_RUN objects only (as
#            measure takes them, which then does not take them again)
#   measure  each of those objects compiled plain and with the plugin (the
#            flags W=style adds: -fplugin=PLUGIN
#            -fplugin-arg-style_plugin-once=DIR), cc1 only (gcc -wrapper
#            bench/cc1-wrap.sh): under valgrind (SAMPLE_COUNTER, cachegrind
#            counting instructions only, or callgrind), exact
#            instructions (the plain ones are kept across runs: they do not
#            depend on the plugin); SAMPLE_REPS times each of plain,
#            style and floor (bench/floor.sh: a plugin that only imports
#            the same GCC symbols), peak RSS (median): VmHWM as cc1 exits,
#            with address space randomization off (bench/hwm.c; time -v's
#            ru_maxrss varies by 200 KB from run to run on this kernel,
#            VmHWM by at most 12 KB).
#            JOBS workers under nice -n 19, each taking the next count
#            or peak RSS no other worker holds (a lock per object and
#            task), so that the two cores count side by side.
#   warnings the warnings of the records stage's compiles, of the same
#            in the reverse order (records of their own), and of each
#            compile alone (no once=: every function walked) must be the
#            same, those of headers included
#   report   $SAMPLE_WORK/sample.tsv (per object) and summary.txt: sums,
#            per-object median, p90 (nearest rank) and max of the extra
#            instructions and of the extra peak RSS above the floor
#
# Usage: bench/sample-cost.sh [STAGE...]
# Environment: BUILD (<repo>/build), SAMPLE_N (100), SAMPLE_SEED (20),
#   SAMPLE_RUN (how many of the sample to measure, default SAMPLE_N),
#   SAMPLE_REPS (1: the peak RSS read is exact), SAMPLE_WORK
#   ($BUILD/sample-cost), SAMPLE_TREE ($BUILD/linux-6.1), SAMPLE_OUT
#   ($BUILD/cost-out), SAMPLE_COUNTER (cachegrind: the plugin's extra
#   instructions within 1.5% of callgrind's, 2.3 times faster; or
#   callgrind), PLUGIN (plugin/style_plugin.so, made by make), JOBS
#   (2: make prepare's jobs and measure's workers).
set -euo pipefail

prog=bench/sample-cost.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
note_time=1
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"
# shellcheck source=bench/floor.sh
. "$here/floor.sh"

build=${BUILD:-$root/build}
n=${SAMPLE_N:-100}
seed=${SAMPLE_SEED:-20}
run=${SAMPLE_RUN:-$n}
reps=${SAMPLE_REPS:-1}
work=${SAMPLE_WORK:-$build/sample-cost}
tree=${SAMPLE_TREE:-$build/linux-6.1}
out=${SAMPLE_OUT:-$build/cost-out}
plugin=${PLUGIN:-$root/plugin/style_plugin.so}
jobs=${JOBS:-2}
counter=${SAMPLE_COUNTER:-cachegrind}
case $counter in
callgrind | cachegrind) ;;
*) die "SAMPLE_COUNTER must be cachegrind or callgrind, got '$counter'" ;;
esac
for v in n seed run reps jobs; do
	[[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "${v^^} must be a positive number, got '${!v}'"
done
[ "$run" -le "$n" ] || die "SAMPLE_RUN ($run) is more than SAMPLE_N ($n)"
mkdir -p "$work"
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")

mk() { nice -n 19 make -C "$tree" O="$out" ARCH=x86_64 "$@"; }

stage_tree() {
	note "tree: $tree, output $out"
	"$root/kbuild/prepare-tree.sh" 6.1 "$tree" >&2
	mkdir -p "$out"
	mk defconfig >"$work/defconfig.log" 2>&1 || die "make defconfig failed: $work/defconfig.log"
	mk -j"$jobs" prepare >"$work/prepare.log" 2>&1 || die "make prepare failed: $work/prepare.log"
}

# objects.tsv: object, source (in the tree), bytes; cmds/OBJ.cmd: the
# compile command (run in $out), the first of make -n's for the object.
stage_list() {
	note "list: make -n all (objects compiled before are listed again: their .o are removed)"
	[ -f "$out/.config" ] || die "$out is not configured: run the tree stage"
	find "$out" -name '*.o' ! -path "$out/tools/*" ! -path "$out/scripts/*" -delete
	mk -n all >"$work/make-n.txt" 2>"$work/make-n.err" || true
	rm -rf "$work/cmds"
	mkdir -p "$work/cmds"
	grep -o 'gcc -Wp,-MMD,[^;]* -c -o [^ ]*\.o [^ ]*\.c' "$work/make-n.txt" |
		grep -- ' -nostdinc ' | awk -v cmds="$work/cmds" -v tree="$tree/" '
		{
			o = ""
			for (i = 1; i < NF; i++)
				if ($i == "-o")
					o = $(i + 1)
			if (o == "" || seen[o]++ || index($NF, tree) != 1)
				next
			f = o
			gsub("/", "%", f)
			print > (cmds "/" f ".cmd")
			close(cmds "/" f ".cmd")
			print o "\t" substr($NF, length(tree) + 1)
		}' | while IFS=$'\t' read -r o src; do
		[ -f "$tree/$src" ] && printf '%s\t%s\t%s\n' "$o" "$src" "$(stat -c %s "$tree/$src")"
	done | LC_ALL=C sort >"$work/objects.tsv"
	note "list: $(wc -l <"$work/objects.tsv") objects"
	[ -s "$work/objects.tsv" ] || die "no object found in make -n's output ($work/make-n.txt)"
}

stage_draw() {
	[ -s "$work/objects.tsv" ] || die "no $work/objects.tsv: run the list stage"
	awk -F'\t' -v seed="$seed" -v n="$n" '
		function rnd() { x = (x * 16807) % 2147483647; return x / 2147483647 }
		BEGIN { x = seed % 2147483646 + 1; for (i = 0; i < 10; i++) rnd() }
		{ printf "%.17g\t%s\t%s\t%s\n", log(rnd()) / $3, $1, $2, $3 }' "$work/objects.tsv" |
		LC_ALL=C sort -t$'\t' -k1,1gr |
		awk -F'\t' -v n="$n" 'NR <= n { print NR "\t" $2 "\t" $3 "\t" $4 }' >"$work/sample.txt"
	{
		echo "SAMPLE_SEED=$seed SAMPLE_N=$n"
		echo "objects: $(wc -l <"$work/objects.tsv"), $(awk -F'\t' '{ s += $3 } END { print s }' "$work/objects.tsv") bytes of .c"
	} >"$work/draw.txt"
	note "draw: $(wc -l <"$work/sample.txt") objects (seed $seed)"
}

# cmd_of OBJ SCRATCH: OBJ's compile command, its outputs in SCRATCH.
cmd_of() {
	local f=${1//\//%}
	sed -e "s#-Wp,-MMD,[^ ]*#-Wp,-MMD,$2/dep.d#" -e "s# -o [^ ]*\.o # -o $2/out.o #" "$work/cmds/$f.cmd"
}

# compile OBJ VARIANT MODE OUT ONCE: compile OBJ plain, with the plugin
# (style: once=ONCE; alone: no once=, every function walked, every
# warning given) or the floor plugin; cc1 wrapped by cc1-wrap.sh MODE
# OUT unless MODE is "none" or "strace" (the whole command under
# strace -f -c, its table in OUT); stderr to OUT.stderr.
compile() {
	local obj=$1 variant=$2 mode=$3 o=$4 once=${5:-} scratch c extra='' wrap='' pre=''
	scratch=$(mktemp -d "$work/scratch.XXXXXX")
	c=$(cmd_of "$obj" "$scratch")
	case $variant in
	plain) ;;
	style) extra="-fplugin=$work/style_plugin.so -fplugin-arg-style_plugin-once=$once" ;;
	floor) extra="-fplugin=$work/floor/style_plugin.so" ;;
	alone) extra="-fplugin=$work/style_plugin.so" ;;
	*) die "unknown variant $variant" ;;
	esac
	case $mode in
	none) ;;
	strace) pre="strace -f -c -o $o" ;;
	*) wrap="-wrapper $here/cc1-wrap.sh,$mode,$o" ;;
	esac
	# shellcheck disable=SC2086 # the command is a shell command line
	(cd "$out" && eval "nice -n 19 $pre ${c/gcc /gcc $wrap $extra }") 2>"$o.stderr" ||
		{ rm -rf "$scratch"; die "compile of $obj ($variant) failed: $(tail -n 3 "$o.stderr")"; }
	rm -rf "$scratch"
}

# The first SAMPLE_RUN objects of the sample, or SAMPLE_OBJECTS.
sampled() {
	if [ -n "${SAMPLE_OBJECTS:-}" ]; then
		# shellcheck disable=SC2086 # a list of objects
		printf '%s\n' $SAMPLE_OBJECTS
	else
		awk -F'\t' -v k="$run" '$1 <= k { print $2 }' "$work/sample.txt"
	fi
}

stage_records() {
	local obj b
	[ -s "$work/sample.txt" ] || die "no $work/sample.txt: run the draw stage"
	[ -f "$plugin" ] || die "$plugin is missing: run make"
	rm -rf "$work/once" && mkdir -p "$work/once" "$work/res"
	# The plugin measured: a copy, so that a make meanwhile changes nothing.
	cp "$plugin" "$work/style_plugin.so"
	sha256sum "$plugin" | cut -c1-12 >"$work/plugin.sha"
	note "records: one style compile of each of $run objects"
	for obj in $(sampled); do
		b=$work/res/${obj//\//+}
		# A file generated during the build: make OBJ makes it.
		if ! (compile "$obj" plain none "$b.try") 2>/dev/null; then
			note "records: make $obj"
			mk "$obj" >"$b.make.log" 2>&1 || die "make $obj failed: $b.make.log"
		fi
		compile "$obj" style none "$b.records" "$work/once"
	done
	note "records: $(find "$work/once" -type f | wc -l) files"
}

# hwm FILE: the kB of a "VmHWM: N kB" line.
hwm() { awk '$1 == "VmHWM:" { print $2 }' "$1"; }

# keys OBJ: cmdsum, what OBJ's plain counts depend on (its command, cc1
# and the counter), and stylesum, what its counts with the plugin depend
# on (those, the plugin and the records): a run stopped midway goes on
# where it was.
keys() {
	cmdsum=$( (cat "$work/cmds/${1//\//%}.cmd"; sha256sum /usr/lib/gcc/x86_64-linux-gnu/*/cc1; echo "$counter") | sha256sum)
	stylesum=$( (echo "$cmdsum"; cat "$work/plugin.sha" 2>/dev/null; find "$work/once" -type f 2>/dev/null | sort | xargs -r cat) | sha256sum)
}

# current B KIND KEYFILE KEY: B.KIND holds a result made for KEY (which
# B.KEYFILE holds).
current() {
	[ -s "$1.$2" ] && [ "$(cat "$1.$3" 2>/dev/null)" = "$4" ]
}

# cg_total PROFILE: the instructions a callgrind or cachegrind profile
# counted.
cg_total() { awk '/^(totals|summary):/ { print $2; exit }' "$1"; }

# plain_count OBJ B: OBJ's plain instructions in B.plain.ir.
plain_count() {
	local obj=$1 b=$2
	current "$b" plain.ir plain.key "$cmdsum" && return
	compile "$obj" plain "$counter" "$b.plain.cg"
	cg_total "$b.plain.cg" >"$b.plain.ir"
	echo "$cmdsum" >"$b.plain.key"
	rm -f "$b.plain.cg"
}

# style_count OBJ B: OBJ's instructions with the plugin in B.style.ir.
style_count() {
	local obj=$1 b=$2
	current "$b" style.ir style.key "$stylesum" && return
	rm -rf "$b.style.once" && cp -r "$work/once" "$b.style.once"
	compile "$obj" style "$counter" "$b.style.cg" "$b.style.once"
	cg_total "$b.style.cg" >"$b.style.ir"
	echo "$stylesum" >"$b.style.key"
	xz -f -T1 "$b.style.cg"
	rm -rf "$b.style.once"
}

# peak_rss OBJ B: SAMPLE_REPS peak RSS of each of plain, style and floor,
# taken in turn, in B.times.VARIANT.
peak_rss() {
	local obj=$1 b=$2 i v
	current "$b" times.floor rss.key "$stylesum $reps" && return
	rm -f "$b.times.plain" "$b.times.style" "$b.times.floor"
	for ((i = 1; i <= reps; i++)); do
		for v in plain style floor; do
			rm -rf "$b.rss.once" && cp -r "$work/once" "$b.rss.once"
			compile "$obj" "$v" hwm "$b.hwm" "$b.rss.once"
			hwm "$b.hwm" >>"$b.times.$v"
		done
	done
	echo "$stylesum $reps" >"$b.rss.key"
	rm -rf "$b.rss.once"
}

# The plain counts only: they do not depend on the plugin, so they can be
# counted before (or while) the plugin changes.
stage_plain() {
	local obj k=0
	[ -s "$work/sample.txt" ] || die "no $work/sample.txt: run the draw stage"
	mkdir -p "$work/res"
	# From the last: a measure stage running meanwhile starts at the first.
	for obj in $(sampled | tac); do
		k=$((k + 1))
		note "plain $k/$run: $obj"
		keys "$obj"
		claimed "$work/res/${obj//\//+}" plain plain_count "$obj" "$work/res/${obj//\//+}"
	done
}

# measure_tools: what the measures with the plugin need.
measure_tools() {
	[ -d "$work/once" ] || die "no records: run the records stage"
	[ -f "$work/style_plugin.so" ] || die "no plugin copy: run the records stage"
	build_floor "$work/style_plugin.so" "$work/floor"
	gcc -O2 -shared -fPIC -o "$work/hwm.so" "$here/hwm.c" || die "cannot build $work/hwm.so"
	export HWM_SO=$work/hwm.so
}

# claimed B TASK FUNCTION ARGS...: FUNCTION ARGS under B.TASK.lock, or
# nothing if another worker holds it (flock: a worker killed lets go).
claimed() {
	local b=$1 task=$2
	shift 2
	(
		flock -n 9 || exit 0
		"$@"
	) 9>"$b.$task.lock"
}

# measure_worker W: the counts and peak RSS of each object in turn, those
# another worker holds left to it.
measure_worker() {
	local obj b k=0
	for obj in $(sampled); do
		k=$((k + 1))
		b=$work/res/${obj//\//+}
		note "measure $k/$run (worker $1): $obj"
		keys "$obj"
		claimed "$b" plain plain_count "$obj" "$b"
		claimed "$b" style style_count "$obj" "$b"
		claimed "$b" rss peak_rss "$obj" "$b"
	done
}

stage_measure() {
	local w pids=()
	measure_tools
	mkdir -p "$work/res"
	for ((w = 1; w <= jobs; w++)); do
		measure_worker "$w" &
		pids+=($!)
	done
	for w in "${pids[@]}"; do
		wait "$w" || die "measure: a worker failed"
	done
}

# The peak RSS only, with no callgrind run: minutes, not hours.
stage_rss() {
	local obj k=0
	measure_tools
	for obj in $(sampled); do
		k=$((k + 1))
		note "rss $k/$run: $obj"
		keys "$obj"
		peak_rss "$obj" "$work/res/${obj//\//+}"
	done
}

# sc_total TABLE: the system calls of a strace -c table.
sc_total() { awk '$NF == "total" { print $4 }' "$1"; }

# sc_count OBJ B: OBJ's system calls (strace -f -c of kbuild's whole
# command: gcc, cc1, as) plain, with the floor plugin, with the plugin
# and a copy of the records (style), and with the plugin and an empty
# records directory (empty), in B.sc.VARIANT (the tables) and B.sc.tsv.
sc_count() {
	local obj=$1 b=$2 v
	current "$b" sc.tsv sc.key "$stylesum" && return
	for v in plain floor style empty; do
		rm -rf "$b.sc.once" && mkdir -p "$b.sc.once"
		[ "$v" != style ] || cp -r "$work/once/." "$b.sc.once"
		compile "$obj" "${v/empty/style}" strace "$b.sc.$v" "$b.sc.once"
	done
	rm -rf "$b.sc.once"
	printf '%s\t%s\t%s\t%s\t%s\n' "$obj" "$(sc_total "$b.sc.plain")" "$(sc_total "$b.sc.floor")" \
		"$(sc_total "$b.sc.style")" "$(sc_total "$b.sc.empty")" >"$b.sc.tsv"
	echo "$stylesum" >"$b.sc.key"
}

# The system calls of each compile (issue 31), one compile at a time
# (the counts do not depend on the load): syscalls.tsv and the sums and
# per-object extras over plain in syscalls.txt.
stage_syscalls() {
	local obj b k=0
	measure_tools
	mkdir -p "$work/res"
	for obj in $(sampled); do
		k=$((k + 1))
		b=$work/res/${obj//\//+}
		keys "$obj"
		note "syscalls $k/$run: $obj"
		sc_count "$obj" "$b"
	done
	{
		printf '# object\tplain\tfloor\tstyle\tempty\n'
		for obj in $(sampled); do
			cat "$work/res/${obj//\//+}.sc.tsv"
		done
	} >"$work/syscalls.tsv"
	awk -F'\t' '
	function pct(a, b) { return 100 * (a - b) / b }
	function stats(name, c,    i, j, t, n) {
		n = 0
		for (i = 1; i <= k; i++)
			v[++n] = pct(x[i, c], x[i, 2])
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++)
				if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		printf "%s: %d system calls against %d plain, sum %+.1f%%; per object median %+.1f%%, max %+.1f%%\n",
			name, s[c], s[2], pct(s[c], s[2]), v[int((n + 1) / 2)], v[n]
	}
	!/^#/ { k++; for (c = 2; c <= 5; c++) { x[k, c] = $c; s[c] += $c } }
	END {
		printf "system calls per compile (strace -f -c of the whole command), %d objects\n", k
		stats("floor plugin", 3)
		stats("W=style, the records", 4)
		stats("W=style, empty records", 5)
	}' "$work/syscalls.tsv" | tee "$work/syscalls.txt"
}

median() { sort -n "$1" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# warned FILE...: the plugin's warnings in those stderr files, once each.
warned() { cat "$@" | grep -aE "$STYLE_WARNING_RE" | LC_ALL=C sort -u; }

# The warnings do not change with the records: the records stage's
# compiles (in the order drawn, each finding the records of those before
# it), the same in the reverse order with records of their own, and each
# alone (no once=: every function walked) give the same warnings, those
# of headers included.
stage_warnings() {
	local obj b n v files
	[ -f "$work/style_plugin.so" ] || die "no plugin copy: run the records stage"
	rm -rf "$work/once-reverse" && mkdir -p "$work/once-reverse"
	for obj in $(sampled | tac); do
		b=$work/res/${obj//\//+}
		[ -f "$b.records.stderr" ] || die "no records compile of $obj: run the records stage"
		compile "$obj" style none "$b.reverse" "$work/once-reverse"
		compile "$obj" alone none "$b.alone"
	done
	for v in records reverse alone; do
		mapfile -t files < <(sampled | sed "s|/|+|g; s|^|$work/res/|; s|\$|.$v.stderr|")
		warned "${files[@]}" >"$work/warnings.$v"
	done
	n=$(wc -l <"$work/warnings.alone")
	[ "$n" -gt 0 ] || die "warnings: the sample gives no warning: nothing compared"
	for v in records reverse; do
		cmp -s "$work/warnings.$v" "$work/warnings.alone" ||
			die "warnings: $v differs from the compiles alone: diff $work/warnings.$v $work/warnings.alone"
	done
	note "warnings: the same $n warnings ($(grep -vc "^$tree/[^:]*\.c:" "$work/warnings.alone") in headers) in the order drawn and the reverse, with records, and each compile alone"
}

stage_report() {
	local obj b k=0 kc=0 ip is rp rs rf
	{
		printf '# rank\tobject\tc_bytes\tir_plain\tir_style\tir_extra_pct\trss_plain_kb\trss_style_kb\trss_floor_kb\trss_over_floor_pct\trss_extra_pct\n'
		while IFS=$'\t' read -r rank obj src bytes; do
			[ "$rank" -le "$run" ] || break
			b=$work/res/${obj//\//+}
			keys "$obj"
			# Only results made with this plugin and these records.
			ip=- is=- rp=- rs=- rf=-
			if current "$b" plain.ir plain.key "$cmdsum" && current "$b" style.ir style.key "$stylesum"; then
				ip=$(cat "$b.plain.ir") is=$(cat "$b.style.ir")
			fi
			if current "$b" times.floor rss.key "$stylesum $reps"; then
				rp=$(median "$b.times.plain") rs=$(median "$b.times.style") rf=$(median "$b.times.floor")
			fi
			[ "$ip$rp" != -- ] || continue
			k=$((k + 1))
			[ "$ip" = - ] || kc=$((kc + 1))
			awk -v r="$rank" -v o="$obj" -v by="$bytes" -v ip="$ip" -v is="$is" \
				-v rp="$rp" -v rs="$rs" -v rf="$rf" 'BEGIN {
				printf "%d\t%s\t%d", r, o, by
				if (ip == "-")
					printf "\t-\t-\t-"
				else
					printf "\t%d\t%d\t%.4f", ip, is, 100 * (is - ip) / ip
				if (rp == "-")
					printf "\t-\t-\t-\t-\t-\n"
				else
					printf "\t%d\t%d\t%d\t%.4f\t%.4f\n", rp, rs, rf, 100 * (rs - rf) / rp, 100 * (rs - rp) / rp }'
		done <"$work/sample.txt"
	} >"$work/sample.tsv"
	[ "$k" -gt 0 ] || die "nothing measured with this plugin and records: run the measure (or rss) stage"
	# stats COLUMN: over the objects measured, the median, p90 (nearest
	# rank) and max of a column.
	stats() {
		awk -F'\t' -v c="$1" '!/^#/ && $c != "-" { print $c }' "$work/sample.tsv" | sort -g |
			awk '{ a[NR] = $1 } END { if (NR) printf "median %+.3f%%, p90 %+.3f%%, max %+.3f%% (%d objects)", a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.999999)], a[NR], NR; else printf "none measured" }'
	}
	{
		cat "$work/draw.txt"
		echo "measured: $kc of the first $run of the sample under $counter, $(awk -F'\t' '!/^#/ && $7 != "-"' "$work/sample.tsv" | wc -l) for peak RSS, with the plugin the records stage copied (sha256 $(cat "$work/plugin.sha")...)"
		awk -F'\t' '!/^#/ && $4 != "-" { p += $4; s += $5; n++ } END {
			if (n) printf "instructions: plain %.1f M, with the plugin %.1f M: sum %+.3f%% (%d objects)\n", p / 1e6, s / 1e6, 100 * (s - p) / p, n
			else print "instructions: none measured" }' "$work/sample.tsv"
		echo "extra instructions per object: $(stats 6)"
		echo "peak RSS above the floor per object: $(stats 10)"
		echo "peak RSS over plain per object: $(stats 11)"
		awk -F'\t' '!/^#/ && $6 != "-" && $6 > 1 { n++ } !/^#/ && $10 != "-" && $10 > 0.3 { m++ } END {
			printf "objects over +1%% instructions: %d; over +0.3%% RSS above the floor: %d\n", n, m }' "$work/sample.tsv"
	} >"$work/summary.txt"
	cat "$work/summary.txt"
}

stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(tree list draw records rss warnings measure report)
for s in "${stages[@]}"; do
	case $s in
	tree | list | draw | records | plain | rss | measure | warnings | report | syscalls) "stage_$s" ;;
	*) die "unknown stage '$s' (tree, list, draw, records, plain, rss, measure, warnings, report, syscalls)" ;;
	esac
done
