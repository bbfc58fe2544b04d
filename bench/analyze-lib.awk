# SPDX-License-Identifier: GPL-2.0
# bench/analyze-lib.awk - the functions bench/analyze.sh's awk programs
# share; each runs as awk -f analyze-lib.awk -f PROGRAM.awk (POSIX awk,
# LC_ALL=C).  A file's lines end at \n, \r\n or \r.  TREE: the source tree.

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
