# SPDX-License-Identifier: GPL-2.0
#
# scripts/patch-files.awk - the file sections of a patch (unified diff,
# -p1 paths; git's headers, or plain --- / +++), in one form for the
# other tools (scripts/style-port, kbuild/treewide-queue.sh):
#
#   @file OLD NEW        OLD is /dev/null for a new file, NEW for a
#                        deleted one; a rename has OLD != NEW
#   @@ -A,B +C,D @@      each hunk, then its lines (" ", "-", "+")
#
# Mail headers, commit messages and "\ No newline" lines are dropped
# (a file without a final newline is refused: "@error ..." is printed).
# Usage: awk -f scripts/patch-files.awk PATCH...

function strip(p) {
	sub(/\t.*$/, "", p)
	if (p == "/dev/null")
		return p
	sub(/^[^\/]*\//, "", p)
	return p
}

function flush() {
	if (pending && !emitted)
		print "@file " old " " new
	pending = 0
	emitted = 0
}

# A hunk is read by its line counts: its lines may begin like headers.
left > 0 || right > 0 {
	c = substr($0, 1, 1)
	if ($0 == "")
		c = " "
	if (c == " ") { left--; right--; print " " substr($0, 2); next }
	if (c == "-") { left--; print; next }
	if (c == "+") { right--; print; next }
	if (c == "\\") next
	print "@error " FILENAME ": hunk ends early at line " FNR
	exit 1
}

/^\\ No newline/ {
	print "@error " FILENAME ": a file without a final newline (line " FNR ")"
	exit 1
}

/^diff --git / {
	flush()
	old = strip($3)
	new = strip($4)
	pending = 1
	next
}

pending && /^rename from / { old = substr($0, 13); next }
pending && /^rename to / { new = substr($0, 11); next }
pending && /^new file mode/ { old = "/dev/null"; next }
pending && /^deleted file mode/ { new = "/dev/null"; next }
pending && /^(old|new) mode / { next }

/^--- / {
	getline nxt
	if (nxt !~ /^\+\+\+ /) {
		next
	}
	if (!pending) {
		pending = 1
	}
	old = strip(substr($0, 5))
	new = strip(substr(nxt, 5))
	next
}

/^@@ -[0-9]+(,[0-9]+)? \+[0-9]+(,[0-9]+)? @@/ && pending {
	if (!emitted) {
		print "@file " old " " new
		emitted = 1
	}
	h = $0
	sub(/^@@ -/, "", h)
	split(h, a, /[ ,+]+/)
	# -A,B +C,D: a count left out is 1.
	hs = $2
	sub(/^-/, "", hs)
	left = (hs ~ /,/) ? substr(hs, index(hs, ",") + 1) + 0 : 1
	hs = $3
	sub(/^\+/, "", hs)
	right = (hs ~ /,/) ? substr(hs, index(hs, ",") + 1) + 0 : 1
	print $1 " " $2 " " $3 " @@"
	next
}

# A line outside a hunk ends the file's section if it starts another
# mail (the next patch of an mbox).
/^From [0-9a-f]+ / { flush() }

END { flush() }
