# SPDX-License-Identifier: GPL-2.0
# bench/agree-scan.awk - phase 1 of "bench/analyze.sh agree": the style
# reports (LOGS/style.log), checkpatch.pl's lines (TMP/checkpatch.out),
# their agreement, the classes that need no preprocessing, the known
# violations (KNOWN), the case lines; the queries for gcc -E, all into D.
# Run after analyze-lib.awk; variables TREE, TMP, RES, LOGS, D, VERSION,
# KNOWN.

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
# '(?:\\.|[^'])'|"(?:\\.|[^"])*" (with backtracking) remove them.
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
		if (c == "'") {
			if (substr(s, i + 1, 1) == "\\" && i + 2 <= n && substr(s, i + 3, 1) == "'") {
				i += 4
				continue
			}
			if (i + 1 <= n && substr(s, i + 1, 1) != "'" && substr(s, i + 2, 1) == "'") {
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
}
