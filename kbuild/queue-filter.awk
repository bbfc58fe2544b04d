# SPDX-License-Identifier: GPL-2.0
#
# kbuild/queue-filter.awk - a formatting patch without the changes that
# a queue patch needs unchanged (Morton's rule).  Each change (a run of
# removed and added lines within a hunk) that removes an old-tree line in
# a range of kbuild/queue-lines.awk's output, or inserts lines inside
# one, is taken out: its removed lines become context, its added lines
# go; a hunk with no change left goes, and so does a file with no hunk
# left.  Hunks without such a change are printed as they were (their
# +C start moved by the changes taken out before them).
#
# Usage: awk -v report=FILE -v name=PATCH -f kbuild/queue-filter.awk RANGES PATCH
# report gets PATCH<TAB>FILE<TAB>HUNK<TAB>OLDLINE<TAB>QUEUE-PATCHES<TAB>REMOVED<TAB>ADDED
# for each change taken out; "@changed FILE" (a file with hunks left),
# "@dropped FILE" (none left).
NR == FNR {
	n = ++nr[$1]
	rf[$1, n] = $3
	rl[$1, n] = $4
	rk[$1, n] = $2
	next
}

# who(A, B, INS): the queue patches whose ranges hold old-tree lines A..B
# (INS: an insertion before line A).
function who(a, b, ins,  i, s) {
	s = ""
	for (i = 1; i <= nr[path]; i++) {
		if (ins ? (rf[path, i] < a && a <= rl[path, i]) : (a <= rl[path, i] && b >= rf[path, i]))
			if (index("," s ",", "," rk[path, i] ",") == 0)
				s = s (s == "" ? "" : ",") rk[path, i]
	}
	return s
}

function endfile() {
	if (nsec && kept)
		for (i = 1; i <= nsec; i++) print sec[i]
	else if (nsec && !kept && changed)
		printf "@dropped\t%s\n", path >>report
	if (nsec && changed && kept)
		printf "@changed\t%s\n", path >>report
	nsec = 0
	kept = 0
	changed = 0
}

function out(s) {
	if (nsec) sec[++nsec] = s
	else print s
}

# The hunk in hl[1..nl], its header hdr.
function endhunk(  i, j, l, a, b, ins, rem, add, q, dh, any, B, D, r, nk, hk, c, tail) {
	l = hA
	any = 0
	nk = 0
	for (i = 1; i <= nl; i++) {
		c = substr(hl[i], 1, 1)
		if (c == " ") { hk[++nk] = hl[i]; l++; continue }
		# A change: lines i..j-1.
		for (j = i; j <= nl && substr(hl[j], 1, 1) != " "; j++)
			;
		a = l
		rem = 0
		add = 0
		for (r = i; r < j; r++)
			if (substr(hl[r], 1, 1) == "-") rem++
			else add++
		b = a + rem - 1
		ins = rem == 0
		q = who(a, b, ins)
		if (q == "") {
			for (r = i; r < j; r++) hk[++nk] = hl[r]
			any = 1
			fdelta += add - rem
		} else {
			for (r = i; r < j; r++)
				if (substr(hl[r], 1, 1) == "-")
					hk[++nk] = " " substr(hl[r], 2)
			printf "%s\t%s\t%d\t%d\t%s\t%d\t%d\n", name, path, hno, a, q, rem, add >>report
			changed = 1
			dh = 1
		}
		l += rem
		i = j - 1
	}
	if (!any)
		return
	kept = 1
	if (!dh && hC == hA + fdelta0) {
		out(hdr)
	} else {
		B = 0
		D = 0
		for (i = 1; i <= nk; i++) {
			c = substr(hk[i], 1, 1)
			if (c != "+") B++
			if (c != "-") D++
		}
		tail = hdr
		sub(/^@@ [^@]* @@/, "", tail)
		out("@@ -" hA (B == 1 ? "" : "," B) " +" (hA + fdelta0) (D == 1 ? "" : "," D) " @@" tail)
	}
	for (i = 1; i <= nk; i++) out(hk[i])
}

left > 0 || right > 0 {
	c = substr($0, 1, 1)
	if (c != "+") left--
	if (c != "-") right--
	hl[++nl] = $0
	if (left <= 0 && right <= 0) {
		endhunk()
	}
	next
}

/^diff --git / {
	endfile()
	nsec = 1
	sec[1] = $0
	next
}
/^\+\+\+ b\// {
	path = substr($0, 7)
	sub(/\t.*$/, "", path)
	fdelta = 0
	hno = 0
	out($0)
	next
}
/^@@ -[0-9]/ {
	hunk_start($0)
	hdr = $0
	hno++
	left = hB
	right = hD
	nl = 0
	fdelta0 = fdelta
	next
}
/^-- $/ { endfile() }
{ out($0) }
END { endfile() }
