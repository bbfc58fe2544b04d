# SPDX-License-Identifier: GPL-2.0
# bench/agree-write.awk - phase 3 of "bench/analyze.sh agree": the
# classes that need gcc -E (D/answers), then RES/agreement.tsv,
# RES/case-lines.tsv and TMP/agree.json.  Run after analyze-lib.awk;
# variables D, RES, TMP, VERSION, PPUNITS.

# json(S): S as an ASCII-only JSON string (\uXXXX escapes, pairs
# above U+FFFF); bytes that are not UTF-8 become U+FFFD.
function json(s,    out, i, n, c, b, cp, need, k, ok) {
	out = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		b = ORD[c]
		if (c == "\"" || c == "\\")
			out = out "\\" c
		else if (b >= 32 && b < 128)
			out = out c
		else if (b < 32)
			out = out (c == "\n" ? "\\n" : c == "\r" ? "\\r" : c == "\t" ? "\\t" : c == "\b" ? "\\b" : c == "\f" ? "\\f" : sprintf("\\u%04x", b))
		else {
			need = b >= 240 && b < 245 ? 3 : b >= 224 ? 2 : b >= 194 && b < 224 ? 1 : -1
			if (b >= 245)
				need = -1
			cp = need == 3 ? b - 240 : need == 2 ? b - 224 : b - 192
			ok = need > 0 && i + need <= n
			for (k = 1; ok && k <= need; k++) {
				b = ORD[substr(s, i + k, 1)]
				if (b < 128 || b >= 192)
					ok = 0
				else
					cp = cp * 64 + b - 128
			}
			if (ok && (need == 2 && cp < 2048 || need == 3 && (cp < 65536 || cp > 1114111) || cp >= 55296 && cp < 57344))
				ok = 0
			if (!ok) {
				out = out "\\ufffd"
				continue
			}
			i += need
			if (cp >= 65536) {
				cp -= 65536
				out = out sprintf("\\u%04x\\u%04x", 55296 + int(cp / 1024), 56320 + cp % 1024)
			} else
				out = out sprintf("\\u%04x", cp)
		}
	}
	return "\"" out "\""
}
# dict(PREFIX, IND): the "PREFIX.key" entries of S as a JSON object
# (keys sorted) whose closing brace is indented by IND.
function dict(prefix, ind,    k, a, n, i, out) {
	n = 0
	for (k in S)
		if (index(k, prefix ".") == 1)
			a[++n] = substr(k, length(prefix) + 2)
	if (!n)
		return "{}"
	sortarr(a, n)
	out = "{"
	for (i = 1; i <= n; i++)
		out = out "\n" ind " " json(a[i]) ": " S[prefix "." a[i]] (i < n ? "," : "")
	return out "\n" ind "}"
}
BEGIN {
	for (i = 1; i < 256; i++)
		ORD[sprintf("%c", i)] = i
	while ((getline line < (D "/answers")) > 0) {
		split(line, f, "\t")
		ANS[f[1], f[2]] = f[3]
	}
	while ((getline line < (D "/summary")) > 0) {
		p = index(line, "=")
		S[substr(line, 1, p - 1)] = substr(line, p + 1)
	}
	out = RES "/agreement.tsv"
	printf "# where\tfile\tline\tclass\tplugin rules\tsource line\n" > out
	while ((getline line < (D "/both.s")) > 0) {
		split(line, f, "\t")
		print "both\t" f[1] "\t" f[2] "\t-\t" f[3] "\t" f[4] > out
	}
	while ((getline line < (D "/paired.s")) > 0) {
		split(line, f, "\t")
		print "both-spanning\t" f[1] "\t" f[2] "-" f[3] "\t-\t" f[4] "\t" f[5] > out
	}
	while ((getline line < (D "/ponly.s")) > 0) {
		split(line, f, "\t")
		print "plugin-only\t" f[1] "\t" f[2] "\t" f[3] "\t" f[4] "\t" f[5] > out
	}
	while ((getline line < (D "/conly.s")) > 0) {
		split(line, f, "\t")
		c = f[3] + 0 ? "macro-def" : f[4] + 0 && !(ANS[f[1], f[2]] + 0) ? "not-compiled" : f[5]
		S["cp_classes." c]++
		print "checkpatch-only\t" f[1] "\t" f[2] "\t" c "\t-\t" f[6] > out
	}
	close(out)

	out = RES "/case-lines.tsv"
	printf "" > out
	while ((getline line < (D "/cases.s")) > 0) {
		split(line, f, "\t")
		if (f[6] + 0 && !(ANS[f[1], f[2]] + 0))
			continue
		S["case.case_lines"]++
		S["case.case_return"] += f[3]
		S["case.case_already_reported"] += f[4]
		S["case.checkpatch_case_hits"] += f[5]
		print f[1] "\t" f[2] "\t" (f[4] + 0 ? "reported" : "-") "\t" f[7] > out
	}
	close(out)
	S["case.case_lines"] += 0
	S["case.case_return"] += 0
	S["case.case_already_reported"] += 0
	S["case.checkpatch_case_hits"] += 0
	S["case.case_nonreturn"] = S["case.case_lines"] - S["case.case_return"]
	S["case.multi_stmt_hits"] = S["multi_stmt_hits"]

	# agree.json: the summary for the report, as json.dump(indent=1,
	# sort_keys=True) writes it.
	out = TMP "/agree.json"
	printf "{\n" > out
	printf " \"both\": %d,\n \"both_spanning\": %d,\n", S["both"], S["both_spanning"] > out
	printf " \"case\": %s,\n", dict("case", " ") > out
	printf " \"checkpatch_lines\": %d,\n \"checkpatch_only\": %d,\n", S["checkpatch_lines"], S["checkpatch_only"] > out
	printf " \"cp_classes\": %s,\n", dict("cp_classes", " ") > out
	n = 0
	while ((getline line < (RES "/known.tsv")) > 0) {
		split(line, f, "\t")
		printf "%s\n  [\n   %s,\n   %d,\n   %s,\n   %s\n  ]", (n++ ? "," : " \"known\": ["), json(f[1]), f[2], json(f[3]), json(f[4]) > out
	}
	printf "%s,\n", n ? "\n ]" : " \"known\": []" > out
	n = 0
	while ((getline line < (RES "/known-failed")) > 0)
		printf "%s\n  %s", (n++ ? "," : " \"known_failed\": ["), json(line) > out
	printf "%s,\n", n ? "\n ]" : " \"known_failed\": []" > out
	printf " \"pl_classes\": %s,\n", dict("pl_classes", " ") > out
	printf " \"plugin_only\": %d,\n \"pp_units\": %d,\n \"report_lines\": %d,\n \"reports\": %d,\n \"reports_outside_tree\": %d,\n", S["plugin_only"], PPUNITS, S["report_lines"], S["reports"], S["outside"] > out
	printf " \"rules\": %s,\n", dict("rules", " ") > out
	printf " \"version\": %s\n}", json(VERSION) > out
	close(out)
}
