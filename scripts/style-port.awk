# SPDX-License-Identifier: GPL-2.0
#
# scripts/style-port.awk - one file of a patch, ported across formatting:
# OLD is the file before the formatting, NEW after it (they differ only
# in blanks and line breaks), the patch's hunks apply to OLD; prints the
# file NEW would be with the same change (for diff -u NEW -), or
# "@error ..." lines, naming each hunk that cannot be ported exactly.
#
# The character map: diff -U0 OLD NEW gives the changed runs; in a run,
# the old lines are matched to new lines by their counts of non-blank
# characters (a unit: old lines and the new lines that hold exactly
# their characters; one old line split into several is one unit).  A
# unit whose old lines the patch keeps is printed as NEW has it, one it
# removes is not printed, and the patch's added lines go between units
# where they were; a unit partly removed, or with added lines inside it,
# cannot be ported exactly.
#
# Usage: awk -v old=OLD -v new=NEW -f scripts/hunk-lib.awk \
#	-f scripts/style-port.awk DIFF_U0 SECTION
function nb(s) {
	gsub(/[ \t]/, "", s)
	return length(s)
}

function err(msg) {
	print "style-port: " msg >"/dev/stderr"
	bad = 1
}

# unit(O1, O2, N1, N2): a unit of old lines O1..O2, new lines N1..N2.
function unit(o1, o2, n1, n2,  i) {
	nu++
	uo1[nu] = o1
	uo2[nu] = o2
	un1[nu] = n1
	un2[nu] = n2
	for (i = o1; i <= o2; i++)
		uof[i] = nu
}

# run(A, B, C, D): old lines A..A+B-1 became new lines C..C+D-1.
function run(a, b, c, d,  i, j, s, t, o1, n1, zero) {
	if (b == 0 || d == 0) {
		unit(a, a + b - 1, c, c + d - 1)
		return
	}
	zero = 0
	for (i = a; i < a + b; i++)
		if (nb(file["o", i]) == 0) zero = 1
	for (j = c; j < c + d; j++)
		if (nb(file["n", j]) == 0) zero = 1
	if (zero) {
		unit(a, a + b - 1, c, c + d - 1)
		return
	}
	j = c
	n1 = c
	o1 = a
	s = 0
	t = 0
	for (i = a; i < a + b; i++) {
		s += nb(file["o", i])
		while (t < s && j < c + d)
			t += nb(file["n", j++])
		if (s == t) {
			unit(o1, i, n1, j - 1)
			o1 = i + 1
			n1 = j
		}
	}
	if (o1 != a + b || j != c + d)
		unit(o1, a + b - 1, n1, c + d - 1)
}

BEGIN {
	load("o", old)
	load("n", new)
	po = 1
	pn = 1
}

# The runs of diff -U0 OLD NEW.
FILENAME == ARGV[1] {
	if ($0 !~ /^@@ /)
		next
	hunk_start($0)
	# -A,0: after line A.
	a = hB ? hA : hA + 1
	c = hD ? hC : hC + 1
	while (po < a) { unit(po, po, pn, pn); po++; pn++ }
	run(a, hB, c, hD)
	po = a + hB
	pn = c + hD
	next
}

# The patch's hunks, applied to OLD: rm[I] for a removed old line I,
# add[I, K] for the lines added after old line I.
/^@@ / {
	endhunk()
	hunk_start($0)
	hn++
	nh = 0
	ng = 0
	inhunk = 1
	next
}
inhunk { kind[++nk_] = substr($0, 1, 1); text[nk_] = substr($0, 2); next }

function endhunk(  p, i, l) {
	if (!inhunk)
		return
	nh = 0
	for (i = 1; i <= nk_; i++)
		if (kind[i] != "+") hold[++nh] = text[i]
	p = locate("o", hA, nh)
	if (!p) {
		err("hunk " hn ": does not apply to the old file with fuzz 0")
		nk_ = 0
		inhunk = 0
		return
	}
	l = p - 1
	for (i = 1; i <= nk_; i++) {
		if (kind[i] == "+") {
			add[l, ++nadd[l]] = text[i]
			addh[l] = hn
			continue
		}
		l++
		hof[l] = hn
		if (kind[i] == "-") rm[l] = 1
	}
	nk_ = 0
	inhunk = 0
}

END {
	endhunk()
	while (po <= nlines["o"]) {
		unit(po, po, pn, pn)
		po++
		pn++
	}
	for (i = 1; i <= nadd[0]; i++) print add[0, i]
	for (u = 1; u <= nu; u++) {
		r = 0
		k = 0
		for (i = uo1[u]; i <= uo2[u]; i++)
			if (rm[i]) r++
			else k++
		if (r && k)
			err("hunk " hof[uo1[u]] ": old lines " uo1[u] "-" uo2[u] " are one formatted unit (new lines " un1[u] "-" un2[u] ") that the patch removes only in part")
		for (i = uo1[u]; i < uo2[u]; i++)
			if (nadd[i] && k)
				err("hunk " addh[i] ": lines added inside old lines " uo1[u] "-" uo2[u] ", one formatted unit (new lines " un1[u] "-" un2[u] ")")
		if (!r)
			for (i = un1[u]; i <= un2[u]; i++) print file["n", i]
		for (i = uo1[u]; i <= uo2[u]; i++)
			for (j = 1; j <= nadd[i]; j++) print add[i, j]
	}
	if (bad)
		exit 1
}
