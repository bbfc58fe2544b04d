# bench/cg-objects.awk - self instructions (Ir) per object file (the
# executable and each shared library) of a callgrind profile.
# Usage: awk -f bench/cg-objects.awk callgrind.out   -> "Ir object" lines
# Callgrind format: "ob=" sets the current object ("(N) name" defines the
# compressed name N, "(N)" refers to it; "cob=" lines define names too); a
# cost line after "calls=" is the inclusive cost of a call, not self cost,
# and is skipped.
# objname(V): the object of "(N) name", "(N)" or "name"; defines N.
function objname(v,    id, rest) {
	if (!match(v, /^\([0-9]+\)/))
		return v
	id = substr(v, 2, RLENGTH - 2)
	rest = substr(v, RLENGTH + 2)
	if (rest != "")
		name[id] = rest
	return name[id]
}
/^ob=/ { ob = objname(substr($0, 4)); next }
/^cob=/ { objname(substr($0, 5)); next }	# defines a name, keeps ob
/^calls=/ { skip = 1; next }
/^[0-9+*-]/ {
	if (skip) { skip = 0; next }
	self[ob] += $NF
	next
}
END {
	for (o in self)
		printf "%d %s\n", self[o], o
}
