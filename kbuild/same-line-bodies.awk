#!/usr/bin/awk -f
# kbuild/same-line-bodies.awk - count the lines of C source where an if,
# else, for or while has its body on its header's line ("if (x) y;"),
# outside macro definitions: a held-out measure of the tree-wide series,
# written apart from the plugin and from kbuild/sweep-candidates.sh's
# grep, on the text alone (every #if branch, every architecture).
#
# A line counts when, its comments, strings and character constants
# blanked out and not in a preprocessor directive (a #define's body
# included, with its continuation lines):
#   - it starts with "if (", "else if (", "for (" or "while (" (after an
#     optional "}"), and after the parenthesis that closes the header (on
#     this line or a later one: the line of the closing parenthesis is
#     the header's line) comes a statement: anything but nothing, "{",
#     ";" (an empty body) or a comment;
#   - or it starts with "else" (after an optional "}") followed by a
#     statement that is neither "if (" nor "{".
# "} while (x);", the tail of a do-while, never counts.
#
# Usage: awk -f kbuild/same-line-bodies.awk FILE...
#        (kbuild/same-line-bodies.sh runs it over a tree)
# Out: FILE<TAB>COUNT for each file with a count.

function blank(s,    out, i, c, n, q) {
	# comments (a block comment may span lines: in_comment), strings
	# and character constants become spaces; most lines have none of
	# them and are taken as they are
	if (!in_comment && s !~ /[\/"']/)
		return s
	if (in_comment && index(s, "*/") == 0)
		return ""
	out = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (in_comment) {
			if (c == "*" && substr(s, i + 1, 1) == "/") {
				in_comment = 0
				i++
			}
			out = out " "
			continue
		}
		if (c == "/" && substr(s, i + 1, 1) == "*") {
			in_comment = 1
			out = out " "
			i++
			continue
		}
		if (c == "/" && substr(s, i + 1, 1) == "/")
			break
		if (c == "\"" || c == "'") {
			q = c
			out = out q
			for (i++; i <= n; i++) {
				c = substr(s, i, 1)
				if (c == "\\") {
					i++
					continue
				}
				if (c == q)
					break
			}
			out = out q
			continue
		}
		out = out c
	}
	return out
}

# close_paren(s, from): the index of the parenthesis that brings the
# depth (carried in depth) to 0, from index from; 0 if none on s
function close_paren(s, from,    i, c, n) {
	n = length(s)
	for (i = from; i <= n; i++) {
		c = substr(s, i, 1)
		if (c == "(")
			depth++
		else if (c == ")" && --depth == 0)
			return i
	}
	return 0
}

function is_body(rest) {
	gsub(/^[ \t]+|[ \t]+$/, "", rest)
	return rest != "" && rest !~ /^[{;]/
}

function count_line() {
	counts[FILENAME]++
}

FNR == 1 {
	in_comment = 0
	in_directive = 0
	pending = 0
}

{
	line = blank($0)
	# a preprocessor directive and its continuation lines
	if (in_directive || line ~ /^[ \t]*#/) {
		in_directive = line ~ /\\[ \t]*$/
		pending = 0
		next
	}
	if (pending) {
		# the header's condition goes on: its closing line decides
		at = close_paren(line, 1)
		if (at) {
			pending = 0
			if (is_body(substr(line, at + 1)))
				count_line()
		}
		next
	}
	t = line
	sub(/^[ \t]*(\}[ \t]*)?/, "", t)
	if (t ~ /^(else[ \t]+)?if[ \t]*\(/ || t ~ /^(for|while)[ \t]*\(/) {
		if (t ~ /^while/ && line ~ /^[ \t]*\}/)
			next
		depth = 0
		at = close_paren(t, index(t, "("))
		if (!at) {
			pending = 1
			next
		}
		if (is_body(substr(t, at + 1)))
			count_line()
		next
	}
	if (t ~ /^else([ \t]|$)/) {
		rest = substr(t, 5)
		gsub(/^[ \t]+/, "", rest)
		if (rest !~ /^if[ \t]*\(/ && is_body(rest))
			count_line()
	}
}

END {
	for (f in counts)
		printf "%s\t%d\n", f, counts[f]
}
