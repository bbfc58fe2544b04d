# SPDX-License-Identifier: GPL-2.0
#
# kbuild/queue-lines.awk - the lines of the old tree that each patch of a
# queue needs unchanged: for every hunk, the old-tree lines among its
# context and removed lines, once the queue's earlier patches are applied
# (their added lines are no old-tree lines; renames are followed).
#
# Input: "@patch K" before the sections (scripts/patch-files.awk) of
# queue patch K, in queue order.  Output: PATH<TAB>K<TAB>FIRST<TAB>LAST,
# a range of old-tree lines of PATH that patch K needs as they are.  A
# hunk that is not where its patch says (fuzz 0, as GNU patch searches)
# is one "@error" line, exit 1.
# Usage: awk -v tree=OLD_TREE -f scripts/hunk-lib.awk -f kbuild/queue-lines.awk
function fail(msg) {
	print "@error queue patch " k ": " msg
	bad = 1
	exit 1
}

# apply(): the hunk in hold[]/give[] to file o, the old-tree line of each
# line kept in org[].
function apply(  p, i, lo, hi, m, nn, tl, tk, t) {
	p = locate(o, hA, nh)
	if (!p)
		fail(cur " hunk " hn " does not apply with fuzz 0 to the tree before it")
	lo = 0
	for (i = 0; i < nh; i++) {
		t = org[o, p + i]
		if (t > 0) {
			if (!lo || t < lo) lo = t
			if (t > hi) hi = t
		}
	}
	if (lo)
		printf "%s\t%s\t%d\t%d\n", o, k, lo, hi
	# The file after the hunk: lines before p, the new side, the rest.
	m = 0
	for (i = 1; i < p; i++) { tl[++m] = file[o, i]; tk[m] = org[o, i] }
	for (i = 1; i <= ng; i++) { tl[++m] = give[i]; tk[m] = gorg[i] < 0 ? org[o, p - gorg[i] - 1] : 0 }
	for (i = p + nh; i <= nlines[o]; i++) { tl[++m] = file[o, i]; tk[m] = org[o, i] }
	for (i = 1; i <= m; i++) { file[o, i] = tl[i]; org[o, i] = tk[i] }
	for (i = m + 1; i <= nlines[o]; i++) { delete file[o, i]; delete org[o, i] }
	nlines[o] = m
}

function endhunk() {
	if (inhunk)
		apply()
	inhunk = 0
}

$1 == "@error" { print; bad = 1; exit 1 }
$1 == "@patch" { endhunk(); k = $2; next }
$1 == "@file" {
	endhunk()
	old = $2
	new = $3
	hn = 0
	if (old == "/dev/null") {
		# A new file: no old-tree line.
		o = ""
		if (new in origin) delete origin[new]
		created[new] = 1
		next
	}
	if (old in created) { o = ""; next }
	o = (old in origin) ? origin[old] : old
	if (!(o in loaded)) {
		loaded[o] = 1
		if (!load(o, tree "/" o))
			fail(old ": not in the old tree")
		for (i = 1; i <= nlines[o]; i++) org[o, i] = i
	}
	cur = old
	if (new != "/dev/null") {
		origin[new] = o
		if (new != old) delete origin[old]
	}
	next
}
/^@@ / {
	endhunk()
	if (o == "") next
	hunk_start($0)
	hn++
	nh = 0
	ng = 0
	inhunk = 1
	next
}
inhunk {
	c = substr($0, 1, 1)
	t = substr($0, 2)
	if (c == " " || c == "-") {
		hold[++nh] = t
	}
	if (c == " ") { give[++ng] = t; gorg[ng] = -nh }
	if (c == "+") { give[++ng] = t; gorg[ng] = 0 }
	next
}
END {
	if (bad) exit 1
	endhunk()
}
