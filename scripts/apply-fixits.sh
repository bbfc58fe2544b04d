#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# apply-fixits.sh - apply GCC's machine-readable fix-it hints to files
#
# Usage: apply-fixits.sh [-C DIR] [LOG...]
#
# Reads the "fix-it:" lines that -fdiagnostics-parseable-fixits prints
#   fix-it:"FILE":{LINE:COL-LINE:COL}:"TEXT"
# from the LOGs (or standard input), and edits each FILE in place
# (relative names are taken from DIR, default the current directory).
# The hints of one diagnostic come on consecutive lines; a diagnostic's
# hints that a log repeats, all the same, are applied once.  GCC 12's
# own -fdiagnostics-generate-patch misplaces lines when fixes on nearby
# lines insert new ones; this applies the hints exactly.

set -euo pipefail

dir=.
if [ "${1:-}" = -C ]; then
	dir=$2
	shift 2
fi
cd "$dir"

cat "${@:--}" | awk '
	/^fix-it:"/ { group = group $0 "\n"; next }
	group != "" { if (!seen[group]++) printf "%s", group; group = "" }
	END { if (group != "" && !seen[group]++) printf "%s", group }
' | awk '
function unescape(s,    out, i, c, n) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c != "\\") { out = out c; continue }
		c = substr(s, ++i, 1)
		if (c == "n") out = out "\n"
		else if (c == "t") out = out "\t"
		else if (c ~ /[0-7]/) {
			n = substr(s, i, 3); i += 2
			out = out sprintf("%c", (substr(n,1,1) * 64) + (substr(n,2,1) * 8) + substr(n,3,1))
		} else out = out c
	}
	return out
}
{
	# fix-it:"FILE":{L1:C1-L2:C2}:"TEXT"
	if (!match($0, /^fix-it:".*":\{[0-9]+:[0-9]+-[0-9]+:[0-9]+\}:"/)) {
		print "apply-fixits: cannot parse: " $0 > "/dev/stderr"; bad = 1; next
	}
	head = substr($0, 1, RLENGTH)
	text = substr($0, RLENGTH + 1); sub(/"$/, "", text)
	file = head; sub(/^fix-it:"/, "", file); sub(/":\{.*$/, "", file)
	pos = head; sub(/^.*":\{/, "", pos); sub(/\}:"$/, "", pos)
	split(pos, p, /[:-]/)
	if (p[1] != p[3]) {
		print "apply-fixits: a fix-it over several lines: " $0 > "/dev/stderr"; bad = 1; next
	}
	n++
	f[n] = unescape(file); l[n] = p[1]; c1[n] = p[2]; c2[n] = p[4]; t[n] = unescape(text)
}
END {
	# Apply the edits of each file from its end back to its start, so
	# that columns stay true; insertions at one place keep their order.
	for (i = 1; i <= n; i++) files[f[i]] = 1
	for (file in files) {
		nl = 0
		while ((getline line < file) > 0) lines[++nl] = line
		close(file)
		if (nl == 0) { print "apply-fixits: cannot read " file > "/dev/stderr"; bad = 1; continue }
		m = 0
		for (i = 1; i <= n; i++) if (f[i] == file) order[++m] = i
		# insertion sort, descending by (line, column, sequence)
		for (a = 2; a <= m; a++) {
			x = order[a]
			for (b = a - 1; b >= 1; b--) {
				y = order[b]
				if (l[y] + 0 > l[x] + 0 || (l[y] == l[x] && (c1[y] + 0 > c1[x] + 0 || (c1[y] == c1[x] && y > x)))) break
				order[b + 1] = y
			}
			order[b + 1] = x
		}
		for (a = 1; a <= m; a++) {
			i = order[a]
			s = lines[l[i]]
			lines[l[i]] = substr(s, 1, c1[i] - 1) t[i] substr(s, c2[i])
		}
		printf "" > file
		for (k = 1; k <= nl; k++) printf "%s\n", lines[k] > file
		close(file)
		delete lines
	}
	exit bad
}'
