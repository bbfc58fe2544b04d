# SPDX-License-Identifier: GPL-2.0
# bench/analyze-pp.awk - "bench/analyze.sh pp": reads the gcc -E output
# of unit U (built in OUT) and answers the queries of Q for it ("unit
# file line first last": whether a line strictly between FIRST and LAST
# of FILE has tokens) on standard output.  Run after analyze-lib.awk;
# variables TREE, OUT, U, Q.

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
}
