# SPDX-License-Identifier: GPL-2.0
#
# scripts/hunk-lib.awk - functions shared by the awk programs that read
# the sections of scripts/patch-files.awk (awk -f scripts/hunk-lib.awk
# -f PROGRAM).
#
# hunk_start(HEADER): sets hA, hB, hC, hD from "@@ -A,B +C,D @@".
function hunk_start(h,  s) {
	s = h
	sub(/^@@ -/, "", s)
	sub(/ @@.*$/, "", s)
	split(s, hv, / \+/)
	hA = hv[1] + 0
	hB = (hv[1] ~ /,/) ? substr(hv[1], index(hv[1], ",") + 1) + 0 : 1
	hC = hv[2] + 0
	hD = (hv[2] ~ /,/) ? substr(hv[2], index(hv[2], ",") + 1) + 0 : 1
}

# locate(KEY, START, N): where the N old lines of a hunk, hold[1..N],
# are in the file KEY (lines file[KEY, 1..nlines[KEY]]), as GNU patch
# --fuzz=0 looks for them: at START, then START+1, START-1, ...; 0 if
# they are nowhere.  A hunk without old lines goes after line START.
function locate(key, start, cnt,  off, p, i, ok, max) {
	if (cnt == 0)
		return start + 1
	max = nlines[key]
	for (off = 0; off <= max; off++) {
		p = start + off
		for (i = 0; i < 2; i++) {
			if (p >= 1 && p + cnt - 1 <= max) {
				ok = 1
				for (j = 1; j <= cnt; j++)
					if (file[key, p + j - 1] != hold[j]) { ok = 0; break }
				if (ok)
					return p
			}
			if (off == 0)
				break
			p = start - off
		}
	}
	return 0
}

# load(KEY, PATH): the lines of PATH into file[KEY, ...]; 0 if unreadable.
function load(key, path,  line, k) {
	k = 0
	while ((getline line < path) > 0)
		file[key, ++k] = line
	close(path)
	nlines[key] = k
	return k > 0 || (getline line < path) >= 0
}
