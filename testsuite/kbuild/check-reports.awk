# testsuite/kbuild/check-reports.awk - every style report points at a real body.
#
# Input: reports as "FILE:LINE:COL: [-Wstyle-RULE]" (test-build.sh).
# A body, or a second statement, that begins on the line of the code
# before it starts at a non-blank column with something non-blank before
# it on that line; a report anywhere else (a body alone on its line, a
# blank, a line past the end) is printed as "BAD: ..." and the exit
# status is 1.  Columns are GCC's display columns: tabs stop every 8.

function expand(s,	out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\t") {
			do
				out = out " "
			while (length(out) % 8)
		} else {
			out = out c
		}
	}
	return out
}

{
	split($1, at, ":")
	file = at[1]
	line = at[2] + 0
	col = at[3] + 0
	text = ""
	n = 0
	found = 0
	while ((getline l < file) > 0)
		if (++n == line) {
			text = expand(l)
			found = 1
			break
		}
	close(file)
	c = substr(text, col, 1)
	if (!found || c == "" || c == " " || substr(text, 1, col - 1) !~ /[^ ]/) {
		print "BAD: " $0 " | " text
		bad++
	}
}

END {
	exit bad > 0
}
