#!/usr/bin/env bash
# qemu/summary.sh - collect the style plugin's warnings from a kernel build
# and print a summary (count per rule, per top-level directory).
#
# Usage: qemu/summary.sh [-s SRC_TREE] [-r SARIF] LOGFILE [OUTFILE]
#   OUTFILE defaults to LOGFILE's directory/style-warnings.txt.
# With -r, the results are read from SARIF, the build's merged log
# (make W=style STYLE_SARIF=SARIF): each violation once, with the file
# relative to the source root, the rule and the level the plugin gave it,
# and the column in SARIF's units (UTF-16 code units: a tab is one, so on
# an ASCII line the byte column).  The build log must still be readable:
# it names the build being summarized.
# Without -r, it picks from LOGFILE the GCC diagnostics whose option is
# [-Wstyle-*] or [-Werror=style-*]:
#   path/file.c:LINE:COL: warning: message [-Wstyle-if-body]
# Paths are made relative to the kernel tree: SRC_TREE prefix (from -s or
# $SRCTREE), leading ./ and ../ are removed; other absolute paths are cut
# at the kernel tree found by walking up to a dir with Kbuild+MAINTAINERS.
# OUTFILE gets one line per file:line:col:rule (sorted, de-duplicated).
# Always exits 0 when the log could be read (warnings are not an error).
set -euo pipefail

prog=summary.sh die_status=2
# shellcheck source=scripts/lib.sh disable=SC1091
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
usage() {
	echo "usage: $0 [-s SRC_TREE] [-r SARIF] LOGFILE [OUTFILE]" >&2
	exit 2
}
srctree=${SRCTREE:-}
sarif=
while getopts s:r: opt; do
	case $opt in
	s) srctree=$OPTARG ;;
	r) sarif=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
log=$1
out=${2:-$(dirname "$log")/style-warnings.txt}
if [ ! -f "$log" ] || [ ! -r "$log" ]; then
	die "build log '$log' not found or unreadable"
fi
if [ -n "$srctree" ]; then
	[ -d "$srctree" ] || die "source tree '$srctree' is not a directory"
	srctree=$(cd "$srctree" && pwd -P)
fi
export LC_ALL=C

# 1. Raw diagnostics: the results of the merged SARIF log written as GCC
#    writes them, or the matching lines of the build log (ANSI colour
#    codes stripped).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$sarif" ]; then
	[ -r "$sarif" ] || die "SARIF log '$sarif' not found or unreadable"
	command -v jq >/dev/null || die "jq is not installed (apt-get install jq)"
	jq -r '
		if type != "object" or .version != "2.1.0" or
		   ([.runs[]? | .tool.driver.name == "style_plugin"] |
		    length == 0 or (all | not))
		then error("not a style_plugin SARIF 2.1.0 log") else . end |
		.runs[] | .results[]? |
		.locations[0].physicalLocation as $p |
		($p.artifactLocation.uri | sub("^file://"; "")) + ":" +
		($p.region.startLine | tostring) + ":" +
		($p.region.startColumn | tostring) + ": " +
		(if .level == "error" then "error: " + .message.text +
		 " [-Werror=" + .ruleId + "]"
		 else "warning: " + .message.text + " [-W" + .ruleId + "]" end)
		' "$sarif" >"$tmp/raw" 2>"$tmp/jq.err" ||
		die "$sarif: $(sed -n '1{s/^jq: error (at [^)]*): //;s/^jq: //;p}' \
			"$tmp/jq.err" | head -c 200)"
else
	sed 's/\x1b\[[0-9;]*[mK]//g' "$log" |
		grep -E '^[^ :][^:]*:[0-9]+:[0-9]+: (warning|error): .*'"$STYLE_TAG_RE"'[[:space:]]*$' \
			>"$tmp/raw" || true
fi

# 2. Kernel tree roots for absolute paths: -s/SRCTREE, then walk up on disk.
roots=()
[ -z "$srctree" ] || roots+=("$srctree")
find_root() {
	local d
	d=$(dirname "$1")
	while [ "$d" != / ] && [ -n "$d" ]; do
		if [ -f "$d/Kbuild" ] && [ -f "$d/MAINTAINERS" ] && [ -d "$d/arch" ]; then
			echo "$d"
			return 0
		fi
		d=$(dirname "$d")
	done
	return 1
}
under_root() {
	local r
	for r in "${roots[@]}"; do
		case $1 in "$r"/*) return 0 ;; esac
	done
	return 1
}
while IFS= read -r p; do
	under_root "$p" && continue
	r=$(find_root "$p") && roots+=("$r") && continue
	# Not on disk: remember its directory so we only try once per dir.
	roots+=("$(dirname "$p")/.unresolved")
done < <(cut -d: -f1 "$tmp/raw" | grep '^/' | sort -u)
printf '%s\n' "${roots[@]}" | grep -v '/\.unresolved$' >"$tmp/roots" || true

# 3. Normalize, de-duplicate by file:line:col:rule, write OUTFILE.
STYLE_TAG_RE=$STYLE_TAG_RE awk -v rootsfile="$tmp/roots" '
BEGIN {
	n = 0
	while ((getline r < rootsfile) > 0)
		if (r != "")
			root[++n] = r "/"
	# fallback for absolute paths outside any known tree
	top = "^(arch|block|certs|crypto|drivers|fs|include|init|io_uring|ipc|kernel|lib|mm|net|rust|samples|scripts|security|sound|tools|usr|virt)/"
}
{
	line = $0
	sub(/[[:space:]]+$/, "", line)
	match(line, /^[^:]+:[0-9]+:[0-9]+: /)
	loc = substr(line, 1, RLENGTH - 2)
	rest = substr(line, RLENGTH + 1)
	split(loc, f, ":")
	path = f[1]
	if (path ~ /^\//) {
		done = 0
		for (i = 1; i <= n && !done; i++)
			if (index(path, root[i]) == 1) {
				path = substr(path, length(root[i]) + 1)
				done = 1
			}
		if (!done) {
			# cut before the first known kernel top-level directory
			tmp = path
			while (tmp != "" && tmp !~ top) {
				if (!sub(/^[^\/]*\//, "", tmp))
					tmp = ""
			}
			if (tmp != "")
				path = tmp
		}
	}
	while (path ~ /^\.\.?\//)
		sub(/^\.\.?\//, "", path)
	gsub(/\/\.\//, "/", path)
	# dir/../ (lib/zstd/decompress/../common/bitstream.h): the file
	# once, whichever directory included it
	np = split(path, seg, "/")
	k = 0
	for (i = 1; i <= np; i++) {
		if (seg[i] == ".." && k > 0 && stack[k] != "..")
			k--
		else
			stack[++k] = seg[i]
	}
	path = stack[1]
	for (i = 2; i <= k; i++)
		path = path "/" stack[i]
	match(rest, ENVIRON["STYLE_TAG_RE"] "$")
	rule = substr(rest, RSTART + 3, RLENGTH - 4)
	sub(/^error=/, "", rule)
	rule = "-W" rule
	key = path ":" f[2] ":" f[3] ":" rule
	if (key in seen)
		next
	seen[key] = 1
	print path ":" f[2] ":" f[3] ": " rest
}' "$tmp/raw" | sort -t: -k1,1 -k2,2n -k3,3n >"$tmp/out"
mkdir -p "$(dirname "$out")"
cp "$tmp/out" "$out"

# 4. Summary.
total=$(wc -l <"$out")
echo "summary.sh: $total style warning(s) from ${sarif:-$log} (de-duplicated by file:line:col:rule)"
echo "summary.sh: list written to $out"
if [ "$total" -gt 0 ]; then
	echo "per rule:"
	sed -E 's/.*\[-W(error=)?(style-[A-Za-z0-9_-]+)\]$/-W\2/' "$out" |
		sort | uniq -c | sort -k1,1nr -k2 | awk '{ printf "  %7d  %s\n", $1, $2 }'
	echo "per top-level directory:"
	cut -d: -f1 "$out" | awk -F/ '{ print (NF > 1 ? $1 "/" : $1) }' |
		sort | uniq -c | sort -k1,1nr -k2 | awk '{ printf "  %7d  %s\n", $1, $2 }'
	echo "top files:"
	cut -d: -f1 "$out" | sort | uniq -c | sort -k1,1nr -k2 | head -n 10 |
		awk '{ printf "  %7d  %s\n", $1, $2 }'
fi
