# SPDX-License-Identifier: GPL-2.0
# bench/analyze-files.awk - "bench/analyze.sh files": the units the
# W=style build compiled with the plugin (D/cmdfiles: their .o.cmd files,
# relative to STYLE, the style build's output directory), their sources
# and the tree headers they include -> D/units, D/cfiles, D/includer.
# Exits 3 if no unit was compiled with the plugin.  Run after
# analyze-lib.awk; variables TREE, STYLE, D.

BEGIN {
	nu = 0
	while ((getline cmdrel < (D "/cmdfiles")) > 0) {
		n = getlines(STYLE "/" cmdrel, L)
		cmd = ""; source = ""; nd = 0; indeps = 0
		for (i = 1; i <= n; i++) {
			line = L[i]
			if (substr(line, 1, 4) == "cmd_") {
				cmd = substr(line, index(line, " := ") + 4)
			} else if (substr(line, 1, 7) == "source_") {
				source = trim(substr(line, index(line, " := ") + 4))
			} else if (substr(line, 1, 5) == "deps_") {
				indeps = 1
			} else if (indeps) {
				if (substr(line, 1, 1) != " ") {
					indeps = 0
					continue
				}
				item = trim(line)
				sub(/\\+$/, "", item)
				item = trim(item)
				if (item != "" && substr(item, 1, 2) != "$(")
					deps[++nd] = item
			}
		}
		if (cmd == "" || source == "" || !index(cmd, "style_plugin.so"))
			continue
		src = rel(source)
		if (src == "" || src !~ /\.c$/)
			continue
		print src "\t" cmdrel > (D "/units")
		print src > (D "/cfiles")
		nu++
		for (i = 1; i <= nd; i++) {
			r = rel(deps[i])
			if (r != "" && r != src && r ~ /\.[hc]$/ && !(r in includer)) {
				includer[r] = cmdrel
				print r "\t" cmdrel > (D "/includer")
			}
		}
	}
	if (!nu)
		exit 3
}
