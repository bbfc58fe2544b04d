#!/usr/bin/env bash
# bench/cost.sh - the cost stage of bench/run.sh: the exact price of the
# plugin on a few files of the build.
#
# For each file (BENCH_COST_FILES, see bench/run.sh), the compile command
# of the plain build (its .o.cmd file) is run again, output to a scratch
# directory, in three variants: plain (as it is); style (with the plugin
# options of the W=style build, -fplugin=<absolute path> and once= a copy
# of the build's records, so that, as in the build, violations already
# reported are not reported again); fresh (the same with no records: the
# unit reports every violation it sees, diagnostics and fix-its included,
# the worst case of the first compile that includes e.g. slab.h). Each:
#   - under valgrind --tool=callgrind on cc1 only (gcc -wrapper
#     bench/cc1-wrap.sh): instructions (Ir), in total and per object file
#     (cc1, style_plugin.so, ld.so, libc; bench/cg-objects.awk), in
#     parallel jobs (-P$BENCH_JOBS; Ir does not depend on load);
#   - under /usr/bin/time -v on cc1 only, $BENCH_REPS times each,
#     alternating, one at a time: peak RSS (median) and user+sys CPU
#     (minimum); here also a fourth variant, floor: a generated plugin
#     that only imports the symbols the style plugin imports and
#     registers empty callbacks for its events (see build_floor), whose
#     RSS is what binding them costs any plugin;
# and per file:
#   - gcc -E: lines of preprocessed code;
#   - checkpatch.pl (as in the checkpatch stage) on the file under
#     /usr/bin/time, $BENCH_REPS times: user+sys CPU (minimum).
# Writes $BENCH_RES/cost.tsv, cost-objects.tsv, scale.dat and scale.png
# (gnuplot); the profiles stay in $BENCH_TMP/cost/*.cg.xz.
#
# Usage: bench/cost.sh            (environment from bench/run.sh)
#        bench/cost.sh job callgrind|time|pp|checkpatch FILE [plain|style|fresh]
# Environment: BENCH_TREE, BENCH_PLAIN, BENCH_STYLE, BENCH_TMP, BENCH_RES,
#   BENCH_JOBS (from run.sh), BENCH_COST_FILES, BENCH_REPS (default 3).
set -euo pipefail

prog=bench/cost.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
note_time=1
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

for v in BENCH_TREE BENCH_PLAIN BENCH_STYLE BENCH_TMP BENCH_RES BENCH_JOBS; do
	[ -n "${!v:-}" ] || die "$v is not set (run bench/run.sh cost)"
done
tree=$BENCH_TREE plain=$BENCH_PLAIN style=$BENCH_STYLE
cost=$BENCH_TMP/cost
reps=${BENCH_REPS:-3}
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPS must be a positive number, got '$reps'"
plugin_so=$style/scripts/gcc-plugins/style_plugin.so
checkpatch_args=(--file --no-tree --terse --show-types --no-summary --types TRAILING_STATEMENTS)

# floor: bench/floor.sh, a plugin that only imports the symbols the
# style plugin imports and registers empty callbacks for its events.
# shellcheck source=bench/floor.sh
. "$here/floor.sh"
floor_so=$cost/floor/style_plugin.so

# cmdfile OUT FILE: the .o.cmd of FILE (kernel/params.c) in OUT.
cmdfile() {
	local f=${2%.c}
	echo "$1/$(dirname "$f")/.$(basename "$f").o.cmd"
}

# compile_cmd FILE SCRATCH: the plain build's compile command of FILE, its
# output (object, dependency file) redirected into SCRATCH.
compile_cmd() {
	local c
	c=$(sed -n 's/^cmd_[^ ]* := //p' "$(cmdfile "$plain" "$1")")
	[ -n "$c" ] || die "no compile command in $(cmdfile "$plain" "$1")"
	c=${c%%;*}	# only the compile, not what kbuild chains after it
	c=$(sed -e "s#-Wp,-MMD,[^ ]*#-Wp,-MMD,$2/dep.d#" \
		-e "s# -o [^ ]*# -o $2/out.o#" <<<"$c")
	printf '%s\n' "$c"
}

# plugin_flags FILE ONCE: the plugin options of FILE's W=style compile,
# with an absolute plugin path and the record directory ONCE.
plugin_flags() {
	local c
	c=$(sed -n 's/^cmd_[^ ]* := //p' "$(cmdfile "$style" "$1")")
	grep -o -- '-fplugin[-=][^ ]*' <<<"$c" | grep -- 'style_plugin' |
		sed -e "s#^-fplugin=.*#-fplugin=$plugin_so#" \
			-e "s#^\(-fplugin-arg-style_plugin-once=\).*#\1$2#" | tr '\n' ' '
}

# run_variant FILE VARIANT MODE OUT: compile FILE (plain or style) with cc1
# wrapped by cc1-wrap.sh MODE OUT; stderr to OUT.stderr.
run_variant() {
	local file=$1 variant=$2 mode=$3 out=$4 scratch c extra=
	scratch=$(mktemp -d "$cost/scratch.XXXXXX")
	c=$(compile_cmd "$file" "$scratch")
	if [ "$variant" = floor ]; then
		extra="-fplugin=$floor_so"
	elif [ "$variant" != plain ]; then
		# style: the records of the W=style build, as a compile in that
		# build finds them (violations reported already are not reported
		# again); fresh: no records, every violation the unit sees is
		# reported, with its diagnostic and fix-it hint.
		if [ "$variant" = style ]; then
			cp -r "$style/.tmp_style_once" "$scratch/once"
		else
			mkdir -p "$scratch/once"
		fi
		extra=$(plugin_flags "$file" "$scratch/once")
		[ -n "$extra" ] || die "no plugin options in $(cmdfile "$style" "$file")"
	fi
	# shellcheck disable=SC2086 # the command is a shell command line
	(cd "$plain" && eval "${c/gcc /gcc -wrapper $here/cc1-wrap.sh,$mode,$out $extra }") \
		2>"$out.stderr" || { rm -rf "$scratch"; die "compile of $file ($variant) failed: $(tail -n 5 "$out.stderr")"; }
	rm -rf "$scratch"
}

# tv FILE FIELD: a field of /usr/bin/time -v output.
tv() { sed -n "s/^[[:space:]]*$2: //p" "$1"; }
cpu_of() { awk -v u="$(tv "$1" 'User time (seconds)')" -v s="$(tv "$1" 'System time (seconds)')" 'BEGIN { printf "%.2f", u + s }'; }

job() {
	local kind=$1 file=$2 variant=${3:-} base
	base=$cost/$(tr / _ <<<"${file%.c}")
	case $kind in
	callgrind)
		run_variant "$file" "$variant" callgrind "$base.$variant.cg"
		awk '/^(totals|summary):/ { print $2; exit }' "$base.$variant.cg" >"$base.$variant.ir"
		[ -s "$base.$variant.ir" ] || die "no totals in $base.$variant.cg"
		awk -f "$here/cg-objects.awk" "$base.$variant.cg" >"$base.$variant.obj"
		xz -f -T1 "$base.$variant.cg"	# kept for callgrind_annotate
		;;
	time)
		local i
		for ((i = 1; i <= reps; i++)); do
			for variant in plain style fresh floor; do
				run_variant "$file" "$variant" time "$base.$variant.time"
				echo "$(tv "$base.$variant.time" 'Maximum resident set size (kbytes)') $(cpu_of "$base.$variant.time")" \
					>>"$base.$variant.times"
			done
		done
		;;
	pp)
		local scratch c
		scratch=$(mktemp -d "$cost/scratch.XXXXXX")
		c=$(compile_cmd "$file" "$scratch")
		c=$(sed -e 's# -c # -E #' -e "s# -o $scratch/out.o# -o $scratch/out.i#" <<<"$c")
		(cd "$plain" && eval "$c") || die "gcc -E of $file failed"
		wc -l <"$scratch/out.i" >"$base.lines"
		grep -c '[^[:space:]]' "$scratch/out.i" >"$base.nonblank" || true
		rm -rf "$scratch"
		;;
	checkpatch)
		local i
		for ((i = 1; i <= reps; i++)); do
			(cd "$tree" && /usr/bin/time -f '%U %S' -o "$base.cp.t" \
				perl scripts/checkpatch.pl "${checkpatch_args[@]}" "$file" >/dev/null) || true
			# The last line: the first one may be "Command exited with
			# non-zero status 1" (checkpatch found something).
			tail -n 1 "$base.cp.t" | awk '{ printf "%.2f\n", $1 + $2 }' >>"$base.cp.times"
		done
		;;
	*) die "unknown job kind '$kind'" ;;
	esac
}

if [ "${1:-}" = job ]; then
	shift
	[ $# -ge 2 ] || die "usage: $0 job KIND FILE [VARIANT]"
	job "$@"
	exit 0
fi
[ $# = 0 ] || die "usage: $0   (or: $0 job KIND FILE [VARIANT])"

[ -f "$plugin_so" ] || die "$plugin_so is missing: run the build stage"
rm -rf "$cost"
mkdir -p "$cost"
build_floor "$plugin_so" "$cost/floor"

# The files: the wanted ones that this build compiled (with the plugin),
# filled up to 6 with the largest and smallest other compiled files.
read -r -a wanted <<<"${BENCH_COST_FILES:-kernel/sched/core.c mm/page_alloc.c fs/namei.c net/core/dev.c kernel/params.c lib/ctype.c kernel/dma.c}"
files=()
for f in "${wanted[@]}"; do
	if [ -f "$(cmdfile "$plain" "$f")" ] && [ -f "$(cmdfile "$style" "$f")" ] &&
		grep -q style_plugin "$(cmdfile "$style" "$f")"; then
		files+=("$f")
	else
		note "$f was not compiled in this build: skipped"
	fi
done
if [ -z "${BENCH_COST_FILES:-}" ] && [ ${#files[@]} -lt 6 ]; then
	mapfile -t extra < <(cut -f1 "$BENCH_TMP/units.tsv" | sort -u |
		while read -r f; do echo "$(stat -c %s "$tree/$f") $f"; done | sort -n |
		awk '{ a[NR] = $2 } END { for (i = 0; i < NR; i++) print a[i % 2 ? int(i / 2) + 1 : NR - int(i / 2)] }')
	for f in "${extra[@]}"; do
		[ ${#files[@]} -lt 6 ] || break
		case " ${files[*]} " in *" $f "*) continue ;; esac
		[ -f "$(cmdfile "$plain" "$f")" ] && files+=("$f")
	done
fi
[ ${#files[@]} -gt 0 ] || die "no file to measure"
printf '%s\n' "${files[@]}" >"$cost/files"
# For the report's command line.
{
	echo "BENCH_COST_FILES=${BENCH_COST_FILES:-}"
	echo "BENCH_REPS=${BENCH_REPS:-}"
} >"$cost/env"
note "files: ${files[*]}"

note "callgrind on cc1, ${#files[@]} files x 3 (-P$BENCH_JOBS)"
for f in "${files[@]}"; do
	echo "$f plain"
	echo "$f style"
	echo "$f fresh"
done | xargs -P "$BENCH_JOBS" -L 1 "$0" job callgrind
note "gcc -E line counts"
printf '%s\n' "${files[@]}" | xargs -P "$BENCH_JOBS" -n 1 "$0" job pp
note "cc1 under time -v ($reps x 4 per file) and checkpatch ($reps x), one at a time"
for f in "${files[@]}"; do
	job time "$f"
	job checkpatch "$f"
done

# median COLUMN FILE / minimum COLUMN FILE of whitespace-separated numbers.
median() { awk -v c="$1" '{ print $c }' "$2" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
minimum() { awk -v c="$1" '{ print $c }' "$2" | sort -n | head -n 1; }

{
	printf '# file\tpp_lines\tpp_nonblank\tir_plain\tir_style\tir_ratio\trss_plain_kb\trss_style_kb\trss_ratio\tcpu_plain_s\tcpu_style_s\tplugin_cpu_s\tcheckpatch_cpu_s\tcheckpatch_over_plugin\tir_fresh\trss_fresh_kb\tcpu_fresh_s\trss_floor_kb\n'
	for f in "${files[@]}"; do
		b=$cost/$(tr / _ <<<"${f%.c}")
		irp=$(cat "$b.plain.ir") irs=$(cat "$b.style.ir")
		rp=$(median 1 "$b.plain.times") rs=$(median 1 "$b.style.times")
		cp=$(minimum 2 "$b.plain.times") cs=$(minimum 2 "$b.style.times")
		cpc=$(minimum 1 "$b.cp.times")
		irf=$(cat "$b.fresh.ir") rf=$(median 1 "$b.fresh.times") cf=$(minimum 2 "$b.fresh.times")
		rl=$(median 1 "$b.floor.times")
		awk -v f="$f" -v l="$(cat "$b.lines")" -v nb="$(cat "$b.nonblank")" \
			-v irp="$irp" -v irs="$irs" -v rp="$rp" -v rs="$rs" \
			-v cp="$cp" -v cs="$cs" -v cpc="$cpc" -v irf="$irf" -v rf="$rf" -v cf="$cf" -v rl="$rl" 'BEGIN {
			# The plugin'\''s CPU: its share of the instructions times
			# the measured CPU of cc1 (more exact than cs - cp).
			pc = (irs - irp) / irp * cp
			printf "%s\t%d\t%d\t%d\t%d\t%.5f\t%d\t%d\t%.5f\t%.2f\t%.2f\t%.4f\t%.2f\t%s\t%d\t%d\t%.2f\t%d\n",
				f, l, nb, irp, irs, irs / irp, rp, rs, rs / rp, cp, cs, pc, cpc,
				(pc > 0 ? sprintf("%.0f", cpc / pc) : "inf"), irf, rf, cf, rl
		}'
	done
} >"$BENCH_RES/cost.tsv"

# cost-objects.tsv: where the extra instructions are, per object file
# (cc1, style_plugin.so, the dynamic loader, libc, ...), summed over the
# files; self cost, from bench/cg-objects.awk.
{
	printf '# object\tir_plain\tir_style\tir_extra\tir_fresh\tir_fresh_extra\n'
	for f in "${files[@]}"; do
		b=$cost/$(tr / _ <<<"${f%.c}")
		sed 's/^/plain /' "$b.plain.obj"
		sed 's/^/style /' "$b.style.obj"
		sed 's/^/fresh /' "$b.fresh.obj"
	done | awk '{ o = $3; sub(/.*\//, "", o); ir[o, $1] += $2; obs[o] = 1 }
		END { for (o in obs) printf "%s\t%d\t%d\t%d\t%d\t%d\n", o, ir[o, "plain"], ir[o, "style"],
			ir[o, "style"] - ir[o, "plain"], ir[o, "fresh"], ir[o, "fresh"] - ir[o, "plain"] }' | sort -t "$(printf '\t')" -k4,4nr
} >"$BENCH_RES/cost-objects.tsv"

# scale.dat: preprocessed lines vs. extra instructions.
{
	echo "# file pp_lines extra_Ir"
	awk -F'\t' '!/^#/ { printf "%s %d %d\n", $1, $2, $5 - $4 }' "$BENCH_RES/cost.tsv"
} >"$BENCH_RES/scale.dat"
# The fit needs a few points (BENCH_COST_FILES may name fewer).
npts=$(grep -vc '^#' "$BENCH_RES/scale.dat" || true)
if [ "$npts" -ge 3 ]; then
	fit="fit f(x) \"$BENCH_RES/scale.dat\" using (\$2/1000):(\$3/1e6) via a, b"
	fitplot=', f(x) with lines title sprintf("fit: %.2f M + %.3f M Ir per 1000 lines", b, a)'
else
	fit=''
	fitplot=''
fi
gnuplot <<EOF || die "gnuplot failed"
set terminal pngcairo size 900,600
set output "$BENCH_RES/scale.png"
set title "style plugin: extra cc1 instructions vs. preprocessed lines"
set xlabel "lines of preprocessed code (gcc -E | wc -l), thousands"
set ylabel "extra instructions (callgrind Ir), millions"
set key top left
set fit quiet
set fit logfile "/dev/null"
set grid
set xrange [0:*]
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
# A fixed cost per compile (loading the plugin) plus a cost per line.
f(x) = a * x + b
a = 1
b = 1
$fit
plot "$BENCH_RES/scale.dat" using (\$2/1000):(\$3/1e6) with points pt 7 ps 1.5 title "files", \
     "" using (\$2/1000):(\$3/1e6):1 with labels offset 0,1 font ",8" notitle$fitplot
EOF
note "cost: $BENCH_RES/cost.tsv, scale.png"
