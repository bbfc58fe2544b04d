#!/usr/bin/env bash
# bench/analyze.sh - the analysis stages of bench/run.sh.
#
# Usage:
#   analyze.sh files   the .c files the W=style build compiled with the
#                      plugin (from its .o.cmd files) and the tree headers
#                      they include -> $BENCH_TMP/checkpatch-files
#   analyze.sh agree   style warnings per rule and directory, agreement
#                      with checkpatch.pl (every "only" line classified),
#                      known violations, case-label variants (issue 7)
#                      -> $BENCH_RES/*.tsv, $BENCH_TMP/agree.json
#   analyze.sh pp DIR CMDREL   (internal, run in parallel by agree) gcc -E
#                      of the unit CMDREL (its .o.cmd relative to the
#                      output directory), answering the queries of
#                      DIR/queries for it -> DIR/ans.STEM
#
# Environment (set by bench/run.sh): BENCH_TREE, BENCH_PLAIN, BENCH_STYLE,
# BENCH_LOGS, BENCH_TMP, BENCH_RES, BENCH_JOBS, BENCH_WORK.
set -euo pipefail

prog=bench/analyze.sh
self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
die() { echo "$prog: error: $*" >&2; exit 1; }

case ${1:-} in
files | agree | pp) ;;
*) echo "usage: $prog files|agree" >&2; exit 1 ;;
esac
for v in BENCH_TREE BENCH_PLAIN BENCH_STYLE BENCH_TMP BENCH_RES; do
	[ -n "${!v:-}" ] || die "$v is not set (run bench/run.sh)"
done
tree=$BENCH_TREE plain=$BENCH_PLAIN style=$BENCH_STYLE tmp=$BENCH_TMP res=$BENCH_RES
jobs=${BENCH_JOBS:-1}
tab=$'\t'
# Byte semantics and byte order everywhere (for UTF-8 text: code point
# order).
export LC_ALL=C

# Violations found by reading the 6.1 tree, compiled by x86_64 defconfig:
# the W=style build must report each line (when its file is compiled).
known_6_1="kernel/params.c:319 kernel/power/swap.c:877 fs/namespace.c:1765
net/ipv4/netfilter/ip_tables.c:363 fs/proc/array.c:236 fs/proc/array.c:237
fs/proc/array.c:238 fs/proc/array.c:239"

# Awk functions shared by the programs below (POSIX awk; run with LC_ALL=C).
# A file's lines end at \n, \r\n or \r.
awklib='
# getlines(PATH, A): the lines of PATH into A[1..n]; n, or -1 if unreadable.
function getlines(path, a,    n, r, line, parts, k, m) {
	n = 0
	while ((r = (getline line < path)) > 0) {
		if (index(line, "\r")) {
			sub(/\r$/, "", line)
			m = split(line, parts, "\r")
			for (k = 1; k <= m; k++)
				a[++n] = parts[k]
			if (m == 0)
				a[++n] = ""
		} else
			a[++n] = line
	}
	close(path)
	return r < 0 && n == 0 ? -1 : n
}
# rel(PATH): PATH relative to the tree, or "" if it is not in the tree.
function rel(p) {
	return index(p, TREE "/") == 1 ? substr(p, length(TREE) + 2) : ""
}
function trim(s) {
	sub(/^[[:space:]]+/, "", s)
	sub(/[[:space:]]+$/, "", s)
	return s
}
# squeeze(S): blanks squeezed, as " ".join(s.split()).
function squeeze(s) {
	gsub(/[[:space:]]+/, " ", s)
	return trim(s)
}
# sortarr(A, N): sort A[1..N] (strings, byte order).
function sortarr(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
}
# joinset(S): the words of S, sorted, joined with ",".
function joinset(s,    a, n, i, out) {
	n = split(s, a, " ")
	sortarr(a, n)
	out = ""
	for (i = 1; i <= n; i++)
		out = out (i > 1 ? "," : "") a[i]
	return out
}
'

# ---------------------------------------------------------------- files

do_files() {
	local d
	d=$(mktemp -d "$tmp/files.XXXXXX")
	# The .o.cmd files of the style build in the order of a sorted
	# os.walk: a directory's files (sorted) before its subdirectories
	# (sorted). Key: the path components, "0" before a file name, "1"
	# before a directory name, joined with \001.
	(cd "$style" && find . -name '.*.o.cmd' ! -type d) |
		awk '{
			n = split(substr($0, 3), c, "/")
			k = ""
			for (i = 1; i < n; i++)
				k = k "1" c[i] "\001"
			print k "0" c[n] "\t" substr($0, 3)
		}' | sort -t "$tab" -k1,1 | cut -f2- >"$d/cmdfiles"
	awk -v TREE="$tree" -v STYLE="$style" -v D="$d" "$awklib"'
	BEGIN {
		nu = 0
		while ((getline cmdrel < (D "/cmdfiles")) > 0) {
			n = getlines(STYLE "/" cmdrel, L)
			cmd = ""; source = ""; nd = 0; indeps = 0
			for (i = 1; i <= n; i++) {
				line = L[i]
				if (substr(line, 1, 4) == "cmd_") {
					cmd = substr(line, index(line, " := ") + 4)
				} else if (substr(line, 1, 7) == "source_") {
					source = trim(substr(line, index(line, " := ") + 4))
				} else if (substr(line, 1, 5) == "deps_") {
					indeps = 1
				} else if (indeps) {
					if (substr(line, 1, 1) != " ") {
						indeps = 0
						continue
					}
					item = trim(line)
					sub(/\\+$/, "", item)
					item = trim(item)
					if (item != "" && substr(item, 1, 2) != "$(")
						deps[++nd] = item
				}
			}
			if (cmd == "" || source == "" || !index(cmd, "style_plugin.so"))
				continue
			src = rel(source)
			if (src == "" || src !~ /\.c$/)
				continue
			print src "\t" cmdrel > (D "/units")
			print src > (D "/cfiles")
			nu++
			for (i = 1; i <= nd; i++) {
				r = rel(deps[i])
				if (r != "" && r != src && r ~ /\.[hc]$/ && !(r in includer)) {
					includer[r] = cmdrel
					print r "\t" cmdrel > (D "/includer")
				}
			}
		}
		if (!nu)
			exit 3
	}' || { rm -rf "$d"; die "no file of $style was compiled with the plugin"; }
	touch "$d/includer"
	sort -u "$d/cfiles" >"$d/cfiles.sorted"
	awk -F '\t' 'NR == FNR { c[$1] = 1; next } !($1 in c) { print $1 }' \
		"$d/cfiles.sorted" "$d/includer" | sort >"$d/headers"
	mv "$d/units" "$tmp/units.tsv"
	sort -t "$tab" -k1,1 "$d/includer" >"$tmp/includer.tsv"
	cat "$d/cfiles.sorted" "$d/headers" >"$tmp/checkpatch-files"
	echo "$(wc -l <"$d/cfiles.sorted") $(wc -l <"$d/headers")" >"$tmp/checkpatch-counts"
	rm -rf "$d"
}

# ---------------------------------------------------------- preprocessing

# do_pp DIR CMDREL: gcc -E of the unit CMDREL (the plain build's command,
# or the style build's without the plugin options); for each query of
# DIR/queries of this unit ("unit file line first last"): whether a line
# strictly between FIRST and LAST of FILE has tokens -> DIR/ans.STEM.
do_pp() {
	local d=$1 cmdrel=$2 out=$plain cmd a skip=0 stem ppdir=$tmp/pp
	local -a argv new
	[ -f "$out/$cmdrel" ] || out=$style
	cmd=$(awk '/^cmd_/ { c = substr($0, index($0, " := ") + 4) } END { print c }' "$out/$cmdrel")
	# Keep the compile, not what kbuild chains after it (objtool, ...):
	# up to the first ";" followed by a blank (and a blank before it).
	cmd=$(awk '{
		if (match($0, /;[[:space:]]/)) {
			p = RSTART
			if (p > 1 && substr($0, p - 1, 1) ~ /[[:space:]]/)
				p--
			$0 = substr($0, 1, p - 1)
		}
		print
	}' <<<"$cmd")
	set -f
	eval "argv=($cmd)"
	set +f
	stem=${cmdrel//\//_}
	mkdir -p "$ppdir"
	for a in "${argv[@]}"; do
		[[ $a == *style_plugin* ]] && continue
		if [ $skip = 1 ]; then
			skip=0
			new+=("$ppdir/$stem.i")
			continue
		fi
		case $a in
		-c) new+=(-E) ;;
		-o) new+=("$a"); skip=1 ;;
		-Wp,-MMD,* | -Wp,-MD,*) new+=("-Wp,-MMD,$ppdir/$stem.d") ;;
		*) new+=("$a") ;;
		esac
	done
	(cd "$out" && "${new[@]}") >/dev/null 2>"$d/err.$stem" ||
		die "gcc -E failed for $cmdrel: $(tail -c 500 "$d/err.$stem")"
	awk -F '\t' -v TREE="$tree" -v OUT="$out" -v U="$cmdrel" -v Q="$d/queries" "$awklib"'
	# normpath(P): an absolute path with ., .. and // resolved.
	function normpath(p,    c, n, i, st, k, out) {
		n = split(p, c, "/")
		k = 0
		for (i = 1; i <= n; i++) {
			if (c[i] == "" || c[i] == ".")
				continue
			if (c[i] == "..") {
				if (k > 0)
					k--
				continue
			}
			st[++k] = c[i]
		}
		out = ""
		for (i = 1; i <= k; i++)
			out = out "/" st[i]
		return out == "" ? "/" : out
	}
	BEGIN {
		while ((getline line < Q) > 0) {
			split(line, f, "\t")
			if (f[1] != U)
				continue
			nq++
			qf[nq] = f[2]; qn[nq] = f[3]; qs[nq] = f[4]; qe[nq] = f[5]
			need[f[2]] = 1
		}
		close(Q)
		FS = " "
	}
	/^# [0-9]+ "/ {
		rest = $0
		sub(/^# [0-9]+ "/, "", rest)
		if (match(rest, /.*"/)) {
			ln = $2 + 0
			p = substr(rest, 1, RLENGTH - 1)
			if (substr(p, 1, 1) != "/")
				p = normpath(OUT "/" p)
			cur = rel(p)
			if (!(cur in need))
				cur = ""
			next
		}
	}
	{
		if (cur != "" && $0 ~ /[^[:space:]]/)
			seen[cur, ln] = 1
		ln++
	}
	END {
		for (i = 1; i <= nq; i++) {
			hit = 0
			for (s = qs[i] + 1; s < qe[i] && !hit; s++)
				if ((qf[i], s) in seen)
					hit = 1
			print qf[i] "\t" qn[i] "\t" hit
		}
	}' "$ppdir/$stem.i" >"$d/ans.$stem"
	rm -f "$ppdir/$stem.i" "$d/err.$stem"
}

# ---------------------------------------------------------------- agree

# Phase 1: reports, checkpatch lines, agreement, classes that need no
# preprocessing, known violations, case lines; the queries for gcc -E.
agree_scan() {
	local d=$1 version=$2 known=$3
	sort -u "$tmp/checkpatch-files" >"$d/checked"
	awk -v TREE="$tree" -v TMP="$tmp" -v RES="$res" -v LOGS="$BENCH_LOGS" \
		-v D="$d" -v VERSION="$version" -v KNOWN="$known" "$awklib"'
	# load(NAME): tree file NAME into L[NAME, i], NL[NAME] lines.
	function load(name,    a, n, i) {
		if (name in NL)
			return
		split("", a)
		n = getlines(TREE "/" name, a)
		if (n < 0)
			n = 0
		NL[name] = n
		for (i = 1; i <= n; i++)
			L[name, i] = a[i]
	}
	function unload(name,    i) {
		for (i = 1; i <= NL[name]; i++) {
			delete L[name, i]
			delete DEF[name, i]
		}
		for (i = 1; i <= NS[name]; i++) {
			delete SS[name, i]
			delete SE[name, i]
		}
		delete NL[name]
		delete NS[name]
	}
	function text(name, n) {
		load(name)
		return (name, n) in L ? L[name, n] : ""
	}
	function shown(name, n) {
		return squeeze(text(name, n))
	}
	# structure(NAME): DEF[NAME, line] for the lines of #define, the
	# conditional segments SS/SE[NAME, k], k = 1..NS[NAME]: a segment
	# holds the lines strictly between two directives of one
	# #if/#elif/#else/#endif chain.
	function structure(name,    n, i, j, k, t, dname, sp, st) {
		if (name in NS)
			return
		load(name)
		n = NL[name]
		NS[name] = 0
		sp = 0
		i = 1
		while (i <= n) {
			t = L[name, i]
			j = i
			while (substr(L[name, j], length(L[name, j]), 1) == "\\" && j < n)
				j++
			if (match(t, /^[[:space:]]*#[[:space:]]*[A-Za-z0-9_]+/)) {
				dname = substr(t, RSTART, RLENGTH)
				sub(/^[[:space:]]*#[[:space:]]*/, "", dname)
				if (dname == "define") {
					for (k = i; k <= j; k++)
						DEF[name, k] = 1
				} else if (dname == "if" || dname == "ifdef" || dname == "ifndef") {
					st[++sp] = i
				} else if ((dname == "elif" || dname == "else") && sp > 0) {
					k = ++NS[name]
					SS[name, k] = st[sp]; SE[name, k] = i
					st[sp] = j
				} else if (dname == "endif" && sp > 0) {
					k = ++NS[name]
					SS[name, k] = st[sp]; SE[name, k] = i
					sp--
				}
			}
			i = j + 1
		}
	}
	# segment(NAME, N): whether line N is in a conditional segment; the
	# innermost one in SEG_S, SEG_E.
	function segment(name, n,    k, s, e, found) {
		structure(name)
		found = 0
		for (k = 1; k <= NS[name]; k++) {
			s = SS[name, k]; e = SE[name, k]
			if (s < n && n < e && (!found || e - s < SEG_E - SEG_S)) {
				SEG_S = s; SEG_E = e; found = 1
			}
		}
		return found
	}
	# nocomments(S): S without /* ... */ comments (shortest match).
	function nocomments(s,    out, i, j) {
		out = ""
		while ((i = index(s, "/*")) > 0) {
			j = index(substr(s, i + 2), "*/")
			if (!j)
				break
			out = out substr(s, 1, i - 1)
			s = substr(s, i + j + 3)
		}
		return out s
	}
	# iscase(TEXT): the statement after "case X:" / "default:", or "".
	function iscase(t,    p, n, rest) {
		sub(/^[[:space:]]+/, "", t)
		n = length(t)
		p = 0
		if (t ~ /^case([^A-Za-z0-9_]|$)/) {
			for (p = 6; p <= n; p++)
				if (substr(t, p, 1) == ":" && substr(t, p - 1, 1) != ":" &&
				    substr(t, p + 1, 1) != ":")
					break
			if (p > n)
				return ""
		} else if (match(t, /^default[[:space:]]*:/)) {
			p = RLENGTH
			if (substr(t, p + 1, 1) == ":")
				return ""
		} else
			return ""
		rest = substr(t, p + 1)
		sub(/^[[:space:]]+/, "", rest)
		rest = trim(nocomments(rest))
		if (rest == "" || rest ~ /^([{]|\/\/|\/\*|\\)/)
			return ""
		return rest
	}
	# code(S): S without comments, character and string literals, as the
	# regular expressions /\*.*?\*/|//.* then
	# '\''(?:\\.|[^'\''])'\''|"(?:\\.|[^"])*" (with backtracking) remove them.
	function code(s,    out, i, j, n, c, F) {
		out = ""
		n = length(s)
		i = 1
		while (i <= n) {
			c = substr(s, i, 2)
			if (c == "/*" && (j = index(substr(s, i + 2), "*/"))) {
				i += j + 3
				continue
			}
			if (c == "//")
				break
			out = out substr(s, i, 1)
			i++
		}
		s = out
		n = length(s)
		# F[i]: where a string literal whose body starts at i ends.
		F[n + 1] = 0
		for (i = n; i >= 1; i--) {
			c = substr(s, i, 1)
			if (c == "\"")
				F[i] = i
			else if (c == "\\" && i < n)
				F[i] = F[i + 2] ? F[i + 2] : F[i + 1]
			else
				F[i] = F[i + 1]
		}
		F[n + 2] = 0
		out = ""
		i = 1
		while (i <= n) {
			c = substr(s, i, 1)
			if (c == "'\''") {
				if (substr(s, i + 1, 1) == "\\" && i + 2 <= n && substr(s, i + 3, 1) == "'\''") {
					i += 4
					continue
				}
				if (i + 1 <= n && substr(s, i + 1, 1) != "'\''" && substr(s, i + 2, 1) == "'\''") {
					i += 3
					continue
				}
			} else if (c == "\"" && F[i + 1]) {
				i = F[i + 1] + 1
				continue
			}
			out = out c
			i++
		}
		return out
	}
	# condspan(NAME, FIRST, LAST): whether lines FIRST..LAST look like one
	# if/loop header whose parentheses open on FIRST and close on LAST.
	function condspan(name, first, last,    n, t, depth) {
		depth = 0
		for (n = first; n < last; n++) {
			t = code(text(name, n))
			depth += gsub(/[(]/, "(", t) - gsub(/[)]/, ")", t)
			if (depth <= 0)
				return 0
		}
		return 1
	}
	function classify_cp(name, n,    t) {
		t = text(name, n)
		if (iscase(t) != "")
			return "case-label"
		if (t ~ /^[[:space:]]*(for|while)[[:space:]]*[(].*[)][[:space:]]*;[[:space:]]*(\/\*.*\*\/[[:space:]]*)?$/)
			return "empty-body"
		if (t ~ /(^|[^A-Za-z0-9_])if[[:space:]]*[(].*[)][[:space:]]*[{][[:space:]]*[}][[:space:]]*else([^A-Za-z0-9_]|$)/)
			return "if-empty-else"
		if (t ~ /^[[:space:]]*[A-Z_][A-Z0-9_]*[(](.*[^A-Za-z0-9_])?if[[:space:]]*[(]/)
			return "macro-arg"
		return "unexplained"
	}
	function classify_plugin(name, n, k,    t) {
		t = text(name, n)
		if ((k, "do-body") in PR)
			return "do-body"
		if (NPR[k] == 1 && (k, "multi-stmt") in PR) {
			if (iscase(t) != "")
				return "multi-stmt-case"
			if (t ~ /^[[:space:]]*[}]/)
				return "multi-stmt-brace"
			return "multi-stmt"
		}
		if ((k, "loop-body") in PR &&
		    t !~ /^[[:space:]]*[}]?[[:space:]]*(for|while)([^A-Za-z0-9_]|$)/ &&
		    t ~ /^[[:space:]]*[A-Za-z0-9_]+[[:space:]]*[(]/)
			return "iterator-loop"
		return "else"
	}
	# query(NAME, N): whether line N needs gcc -E (in a conditional
	# segment of a file with a unit); the query is written once.
	function query(name, n) {
		if (!segment(name, n) || !(name in UNIT))
			return 0
		if (!((name, n) in QDONE)) {
			QDONE[name, n] = 1
			print UNIT[name] "\t" name "\t" n "\t" SEG_S "\t" SEG_E > (D "/queries")
		}
		return 1
	}
	function split2(k, parts) {
		split(k, parts, SUBSEP)
	}
	BEGIN {
		while ((getline line < (TMP "/includer.tsv")) > 0) {
			split(line, f, "\t"); UNIT[f[1]] = f[2]
		}
		while ((getline line < (TMP "/units.tsv")) > 0) {
			split(line, f, "\t"); UNIT[f[1]] = f[2]
		}
		while ((getline line < (D "/checked")) > 0)
			CHECKED[line] = 1
		close(D "/checked")
		printf "" > (D "/queries")

		# Plugin reports.
		nrep = 0; outside = 0
		while ((getline line < (LOGS "/style.log")) > 0) {
			if (line !~ /^[^[:space:]]+:[0-9]+:[0-9]+: (warning|error): .*\[-W(error=)?style-[a-z-]+\]$/)
				continue
			# The shortest file name before ":LINE:COL: warning: ...".
			for (p = 2; p <= length(line); p++)
				if (substr(line, p, 1) == ":" &&
				    substr(line, p) ~ /^:[0-9]+:[0-9]+: (warning|error): .*\[-W(error=)?style-[a-z-]+\]$/)
					break
			file = substr(line, 1, p - 1)
			split(substr(line, p + 1), f, ":")
			match(line, /\[-W(error=)?style-[a-z-]+\]$/)
			rule = substr(line, RSTART, RLENGTH - 1)
			sub(/^\[-W(error=)?style-/, "", rule)
			r = substr(file, 1, 1) == "/" ? rel(file) : file
			if (r == "") {
				outside++
				continue
			}
			nrep++
			ln = f[1] + 0
			print r "\t" ln "\t" (f[2] + 0) "\t" rule > (D "/reports")
			if (!((r, ln) in PLUGIN)) {
				PLUGIN[r, ln] = 1
				nplines++
			}
			if (!((r, ln, rule) in PR)) {
				PR[r, ln, rule] = 1
				NPR[r, ln]++
				RL[r, ln] = RL[r, ln] " " rule
			}
			per_rule[rule]++
			split(r, dparts, "/")
			per_dir[dparts[1]]++
			per_dir_rule[dparts[1], rule]++
			if (rule == "multi-stmt")
				MULTI[r, ln] = 1
		}
		printf "" > (D "/reports")

		# Checkpatch reports.
		while ((getline line < (TMP "/checkpatch.out")) > 0) {
			if (line !~ /^.+:[0-9]+: (ERROR|WARNING|CHECK):[A-Z_]+:/)
				continue
			for (p = 2; p <= length(line); p++)
				if (substr(line, p, 1) == ":" &&
				    substr(line, p) ~ /^:[0-9]+: (ERROR|WARNING|CHECK):[A-Z_]+:/)
					break
			split(substr(line, p + 1), f, ":")
			CP[substr(line, 1, p - 1), f[1] + 0] = 1
		}

		# Counts per rule and per top-level directory.
		nrules = 0
		for (x in per_rule)
			rules[++nrules] = x
		sortarr(rules, nrules)
		ndirs = 0
		for (x in per_dir)
			dirs[++ndirs] = x
		sortarr(dirs, ndirs)
		out = RES "/counts.tsv"
		printf "dir" > out
		for (i = 1; i <= nrules; i++)
			printf "\t%s", rules[i] > out
		printf "\ttotal\n" > out
		for (j = 1; j <= ndirs; j++) {
			printf "%s", dirs[j] > out
			for (i = 1; i <= nrules; i++)
				printf "\t%d", per_dir_rule[dirs[j], rules[i]] > out
			printf "\t%d\n", per_dir[dirs[j]] > out
		}
		printf "total" > out
		for (i = 1; i <= nrules; i++)
			printf "\t%d", per_rule[rules[i]] > out
		printf "\t%d\n", nrep > out
		close(out)

		# Agreement: same file and line; an if/loop header over several
		# lines is reported by checkpatch at its first line and by the
		# plugin at the line of its ")", so such pairs count as found by
		# both.
		ncp = 0
		for (k in CP) {
			ncp++
			if (!(k in PLUGIN))
				CONLY[k] = 1
		}
		for (k in PLUGIN) {
			if (k in CP) {
				BOTH[k] = 1
				continue
			}
			PONLY[k] = 1
			split2(k, kp)
			if (!((k, "if-body") in PR || (k, "loop-body") in PR || (k, "brace-body") in PR))
				continue
			for (j = 1; j <= 8; j++)
				if ((kp[1], kp[2] - j) in CONLY && condspan(kp[1], kp[2] - j, kp[2] + 0)) {
					PAIRED_P[k] = kp[2] - j
					break
				}
		}
		npaired = 0
		for (k in PAIRED_P) {
			split2(k, kp)
			npaired++
			delete PONLY[k]
			PAIRED_C[kp[1], PAIRED_P[k]] = 1
			print kp[1] "\t" PAIRED_P[k] "\t" kp[2] "\t" joinset(RL[k]) "\t" shown(kp[1], PAIRED_P[k]) > (D "/paired")
		}
		printf "" > (D "/paired")
		for (k in PAIRED_C)
			delete CONLY[k]
		nboth = 0
		for (k in BOTH) {
			split2(k, kp)
			nboth++
			print kp[1] "\t" kp[2] "\t" joinset(RL[k]) "\t" shown(kp[1], kp[2]) > (D "/both")
		}
		printf "" > (D "/both")
		nponly = 0
		for (k in PONLY) {
			split2(k, kp)
			nponly++
			c = classify_plugin(kp[1], kp[2], k)
			plc[c]++
			print kp[1] "\t" kp[2] "\t" c "\t" joinset(RL[k]) "\t" shown(kp[1], kp[2]) > (D "/ponly")
		}
		printf "" > (D "/ponly")
		# Checkpatch only: "macro-def" and the classes from the text here;
		# "not-compiled" (before the classes from the text) after gcc -E.
		nconly = 0
		for (k in CONLY) {
			split2(k, kp)
			nconly++
			q = query(kp[1], kp[2])
			structure(kp[1])
			print kp[1] "\t" kp[2] "\t" ((k in DEF) ? 1 : 0) "\t" q "\t" classify_cp(kp[1], kp[2]) "\t" shown(kp[1], kp[2]) > (D "/conly")
		}
		printf "" > (D "/conly")

		# Known violations.
		nk = split(KNOWN, kn, " ")
		out = RES "/known.tsv"
		printf "" > out
		printf "" > (RES "/known-failed")
		for (i = 1; i <= nk; i++) {
			p = index(kn[i], ":")
			name = substr(kn[i], 1, p - 1); n = substr(kn[i], p + 1) + 0
			if (!(name in CHECKED))
				status = "SKIP (not compiled in this build)"
			else if ((name, n) in PLUGIN)
				status = "PASS (" joinset(RL[name, n]) ")"
			else {
				status = "FAIL"
				print name ":" n > (RES "/known-failed")
			}
			print name "\t" n "\t" status "\t" shown(name, n) > out
		}
		close(out)
		close(RES "/known-failed")

		# Issue 7: case-label lines with a statement, in compiled code
		# (the lines that need gcc -E are filtered later).
		for (k in NL)
			keep[k] = 1
		printf "" > (D "/cases")
		while ((getline name < (D "/checked")) > 0) {
			load(name)
			for (i = 1; i <= NL[name]; i++) {
				t = L[name, i]
				if (!index(t, "case") && !index(t, "default"))
					continue
				rest = iscase(t)
				if (rest == "")
					continue
				structure(name)
				if ((name, i) in DEF)
					continue
				print name "\t" i "\t" (rest ~ /^return([^A-Za-z0-9_]|$)/ ? 1 : 0) "\t" (((name, i) in MULTI) ? 1 : 0) "\t" (((name, i) in CP) ? 1 : 0) "\t" query(name, i) "\t" squeeze(t) > (D "/cases")
			}
			if (!(name in keep))
				unload(name)
		}

		printf "reports=%d\noutside=%d\nreport_lines=%d\ncheckpatch_lines=%d\nboth=%d\nboth_spanning=%d\nplugin_only=%d\ncheckpatch_only=%d\nmulti_stmt_hits=%d\n", nrep, outside, nplines, ncp, nboth, npaired, nponly, nconly, per_rule["multi-stmt"] > (D "/summary")
		for (i = 1; i <= nrules; i++)
			printf "rules.%s=%d\n", rules[i], per_rule[rules[i]] > (D "/summary")
		for (c in plc)
			printf "pl_classes.%s=%d\n", c, plc[c] > (D "/summary")
	}'
}

# Phase 3: the classes that need gcc -E; agreement.tsv, case-lines.tsv,
# agree.json.
agree_write() {
	local d=$1 version=$2
	sort -t "$tab" -k1,1 -k2,2n "$d/both" >"$d/both.s"
	sort -t "$tab" -k1,1 -k3,3n "$d/paired" >"$d/paired.s"
	sort -t "$tab" -k1,1 -k2,2n "$d/ponly" >"$d/ponly.s"
	sort -t "$tab" -k1,1 -k2,2n "$d/conly" >"$d/conly.s"
	sort -t "$tab" -k1,1 -k2,2n "$d/cases" >"$d/cases.s"
	cat "$d"/ans.* 2>/dev/null >"$d/answers" || true
	awk -F '\t' -v D="$d" -v RES="$res" -v TMP="$tmp" -v VERSION="$version" \
		-v PPUNITS="$(cut -f1 "$d/queries" | sort -u | wc -l)" "$awklib"'
	# json(S): S as an ASCII-only JSON string (\uXXXX escapes, pairs
	# above U+FFFF); bytes that are not UTF-8 become U+FFFD.
	function json(s,    out, i, n, c, b, cp, need, k, ok) {
		out = ""
		n = length(s)
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			b = ORD[c]
			if (c == "\"" || c == "\\")
				out = out "\\" c
			else if (b >= 32 && b < 128)
				out = out c
			else if (b < 32)
				out = out (c == "\n" ? "\\n" : c == "\r" ? "\\r" : c == "\t" ? "\\t" : c == "\b" ? "\\b" : c == "\f" ? "\\f" : sprintf("\\u%04x", b))
			else {
				need = b >= 240 && b < 245 ? 3 : b >= 224 ? 2 : b >= 194 && b < 224 ? 1 : -1
				if (b >= 245)
					need = -1
				cp = need == 3 ? b - 240 : need == 2 ? b - 224 : b - 192
				ok = need > 0 && i + need <= n
				for (k = 1; ok && k <= need; k++) {
					b = ORD[substr(s, i + k, 1)]
					if (b < 128 || b >= 192)
						ok = 0
					else
						cp = cp * 64 + b - 128
				}
				if (ok && (need == 2 && cp < 2048 || need == 3 && (cp < 65536 || cp > 1114111) || cp >= 55296 && cp < 57344))
					ok = 0
				if (!ok) {
					out = out "\\ufffd"
					continue
				}
				i += need
				if (cp >= 65536) {
					cp -= 65536
					out = out sprintf("\\u%04x\\u%04x", 55296 + int(cp / 1024), 56320 + cp % 1024)
				} else
					out = out sprintf("\\u%04x", cp)
			}
		}
		return "\"" out "\""
	}
	# dict(PREFIX, IND): the "PREFIX.key" entries of S as a JSON object
	# (keys sorted) whose closing brace is indented by IND.
	function dict(prefix, ind,    k, a, n, i, out) {
		n = 0
		for (k in S)
			if (index(k, prefix ".") == 1)
				a[++n] = substr(k, length(prefix) + 2)
		if (!n)
			return "{}"
		sortarr(a, n)
		out = "{"
		for (i = 1; i <= n; i++)
			out = out "\n" ind " " json(a[i]) ": " S[prefix "." a[i]] (i < n ? "," : "")
		return out "\n" ind "}"
	}
	BEGIN {
		for (i = 1; i < 256; i++)
			ORD[sprintf("%c", i)] = i
		while ((getline line < (D "/answers")) > 0) {
			split(line, f, "\t")
			ANS[f[1], f[2]] = f[3]
		}
		while ((getline line < (D "/summary")) > 0) {
			p = index(line, "=")
			S[substr(line, 1, p - 1)] = substr(line, p + 1)
		}
		out = RES "/agreement.tsv"
		printf "# where\tfile\tline\tclass\tplugin rules\tsource line\n" > out
		while ((getline line < (D "/both.s")) > 0) {
			split(line, f, "\t")
			print "both\t" f[1] "\t" f[2] "\t-\t" f[3] "\t" f[4] > out
		}
		while ((getline line < (D "/paired.s")) > 0) {
			split(line, f, "\t")
			print "both-spanning\t" f[1] "\t" f[2] "-" f[3] "\t-\t" f[4] "\t" f[5] > out
		}
		while ((getline line < (D "/ponly.s")) > 0) {
			split(line, f, "\t")
			print "plugin-only\t" f[1] "\t" f[2] "\t" f[3] "\t" f[4] "\t" f[5] > out
		}
		while ((getline line < (D "/conly.s")) > 0) {
			split(line, f, "\t")
			c = f[3] + 0 ? "macro-def" : f[4] + 0 && !(ANS[f[1], f[2]] + 0) ? "not-compiled" : f[5]
			S["cp_classes." c]++
			print "checkpatch-only\t" f[1] "\t" f[2] "\t" c "\t-\t" f[6] > out
		}
		close(out)

		out = RES "/case-lines.tsv"
		printf "" > out
		while ((getline line < (D "/cases.s")) > 0) {
			split(line, f, "\t")
			if (f[6] + 0 && !(ANS[f[1], f[2]] + 0))
				continue
			S["case.case_lines"]++
			S["case.case_return"] += f[3]
			S["case.case_already_reported"] += f[4]
			S["case.checkpatch_case_hits"] += f[5]
			print f[1] "\t" f[2] "\t" (f[4] + 0 ? "reported" : "-") "\t" f[7] > out
		}
		close(out)
		S["case.case_lines"] += 0
		S["case.case_return"] += 0
		S["case.case_already_reported"] += 0
		S["case.checkpatch_case_hits"] += 0
		S["case.case_nonreturn"] = S["case.case_lines"] - S["case.case_return"]
		S["case.multi_stmt_hits"] = S["multi_stmt_hits"]

		# agree.json: the summary for the report, as json.dump(indent=1,
		# sort_keys=True) writes it.
		out = TMP "/agree.json"
		printf "{\n" > out
		printf " \"both\": %d,\n \"both_spanning\": %d,\n", S["both"], S["both_spanning"] > out
		printf " \"case\": %s,\n", dict("case", " ") > out
		printf " \"checkpatch_lines\": %d,\n \"checkpatch_only\": %d,\n", S["checkpatch_lines"], S["checkpatch_only"] > out
		printf " \"cp_classes\": %s,\n", dict("cp_classes", " ") > out
		n = 0
		while ((getline line < (RES "/known.tsv")) > 0) {
			split(line, f, "\t")
			printf "%s\n  [\n   %s,\n   %d,\n   %s,\n   %s\n  ]", (n++ ? "," : " \"known\": ["), json(f[1]), f[2], json(f[3]), json(f[4]) > out
		}
		printf "%s,\n", n ? "\n ]" : " \"known\": []" > out
		n = 0
		while ((getline line < (RES "/known-failed")) > 0)
			printf "%s\n  %s", (n++ ? "," : " \"known_failed\": ["), json(line) > out
		printf "%s,\n", n ? "\n ]" : " \"known_failed\": []" > out
		printf " \"pl_classes\": %s,\n", dict("pl_classes", " ") > out
		printf " \"plugin_only\": %d,\n \"pp_units\": %d,\n \"report_lines\": %d,\n \"reports\": %d,\n \"reports_outside_tree\": %d,\n", S["plugin_only"], PPUNITS, S["report_lines"], S["reports"], S["outside"] > out
		printf " \"rules\": %s,\n", dict("rules", " ") > out
		printf " \"version\": %s\n}", json(VERSION) > out
		close(out)
	}'
	sort -t "$tab" -k1,1 -k2,2n -k3,3n -k4,4 "$d/reports" >"$res/reports.tsv"
}

do_agree() {
	local version="" d known=""
	[ -n "${BENCH_LOGS:-}" ] || die "BENCH_LOGS is not set (run bench/run.sh)"
	[ -n "${BENCH_WORK:-}" ] || die "BENCH_WORK is not set (run bench/run.sh)"
	[ -f "$BENCH_WORK/settings" ] || die "no $BENCH_WORK/settings (run bench/run.sh)"
	for f in "$BENCH_LOGS/style.log" "$tmp/checkpatch.out" "$tmp/units.tsv" \
		"$tmp/includer.tsv" "$tmp/checkpatch-files"; do
		[ -f "$f" ] || die "no $f"
	done
	version=$(sed -n 's/^version=//p' "$BENCH_WORK/settings" | tail -n 1)
	[ "$version" = 6.1 ] && known=$known_6_1
	d=$(mktemp -d "$tmp/agree.XXXXXX")
	agree_scan "$d" "$version" "$known"
	# gcc -E (in parallel) for the units of the lines in #if blocks.
	if [ -s "$d/queries" ]; then
		cut -f1 "$d/queries" | sort -u |
			xargs -d '\n' -n 1 -P "$jobs" "$self" pp "$d" ||
			{ rm -rf "$d"; die "gcc -E failed"; }
	fi
	agree_write "$d" "$version"
	rm -rf "$d"
}

case $1 in
files) do_files ;;
agree) do_agree ;;
pp) [ $# = 3 ] || die "usage: $prog pp DIR CMDREL"; do_pp "$2" "$3" ;;
esac
