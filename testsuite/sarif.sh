#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# sarif.sh - the SARIF log of -fplugin-arg-style_plugin-sarif=FILE
#
#  - every DejaGnu case (with its dg-options) compiled with sarif=: the
#    text warnings and the SARIF results agree one to one on file, line,
#    byte column (UTF-16 on the lines that are not ASCII), rule, level
#    and message;
#  - every log written passes Sarif.Multitool validate with 0 errors;
#  - five lines added at the top, and a compile from another directory,
#    leave every fingerprint unchanged;
#  - the fixes, applied from the log alone, give testsuite/fixits/*.fixed;
#  - UTF-16 columns, an unwritable path, parallel writers;
#  - GCC's own SARIF (GCC 13 and later) for the same compile holds the
#    same style results, with fixes and docs URLs, but no fingerprints.
#
# Usage: testsuite/sarif.sh   (PLUGIN, GCC, BUILD from the environment;
# SARIF_MULTITOOL, default BUILD/npm/..., from scripts/deps-npm.sh)

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
out=$tmp_root/sarif
scratch "$out"
dg=$top/testsuite/style.dg
MT=$SARIF_MULTITOOL
GXX=${GXX:-g++}

# compile SRC SARIF SRCROOT [FLAGS...]: compile as the DejaGnu suite does,
# with byte columns; the diagnostics in SARIF.txt.
compile() {
	local src=$1 sarif=$2 root=$3 cc=$GCC

	shift 3
	[[ $src == *.cc ]] && cc=$GXX
	$cc -fplugin="$PLUGIN" -fdiagnostics-plain-output \
		-fdiagnostics-column-unit=byte -I"$dg/include" "$@" \
		-fplugin-arg-style_plugin-sarif="$sarif" \
		-fplugin-arg-style_plugin-srcroot="$root" \
		-c "$src" -o "$sarif.o" > "$sarif.txt" 2>&1
}

# The options of a DejaGnu case: its dg-options line.
dg_options() {
	sed -n 's/.*dg-options "\([^"]*\)".*/\1/p' "$1" | head -n 1
}

# text_results LOG ROOT: "uri:line:col rule level message" of each style
# diagnostic in a GCC log, the file made relative to ROOT.
text_results() {
	sed -n 's/^\([^ ]*\):\([0-9]*\):\([0-9]*\): \(warning\|error\): \(.*\) \[-W\(error=\)\{0,1\}\(style-[a-z-]*\)\]$/\1:\2:\3 \7 \4 \5/p' "$1" |
		sed "s|^$2/||" | sort
}

# sarif_results SARIF ROOT: the same from a SARIF log, with the column
# converted back to bytes.
sarif_results() {
	jq -r '.runs[0].results[] |
		.locations[0].physicalLocation as $l |
		"\($l.artifactLocation.uri)\t\($l.region.startLine)\t\($l.region.startColumn)\t\(.ruleId) \(.level) \(.message.text)"' "$1" |
	while IFS=$'\t' read -r uri line col rest; do
		echo "$uri:$line:$(byte_col "$2/$uri" "$line" "$col") $rest"
	done | sort
}

# byte_col FILE LINE COL16: the 1-based byte column of the UTF-16 column
# COL16 of the line (the same number on an ASCII line).
byte_col() {
	local text

	text=$(sed -n "$2p" "$1" 2>/dev/null)
	if ! LC_ALL=C grep -q '[^ -~	]' <<<"$text"; then
		echo "$3"
		return
	fi
	# UTF-8: a lead byte of 4 is two units, continuation bytes none.
	LC_ALL=C od -An -v -tu1 <<<"$text" | tr -s ' ' '\n' | sed '/^$/d' |
		awk -v want="$3" '
			{ b++; if ($1 >= 128 && $1 < 192) next;
			  u++; if (u == want) { print b; exit }
			  if ($1 >= 240) u++ }'
}

#
# 1. The DejaGnu cases: text and SARIF agree.
#
cases=("$dg"/*.c "$dg"/*.cc)
total=0
for src in "${cases[@]}"; do
	name=$(basename "$src")
	# shellcheck disable=SC2046
	compile "$src" "$out/$name.sarif" "$dg" $(dg_options "$src")
	text_results "$out/$name.sarif.txt" "$dg" > "$out/$name.text"
	if [ -f "$out/$name.sarif" ]; then
		sarif_results "$out/$name.sarif" "$dg" > "$out/$name.results"
	else
		# No log: only for a compile the plugin refused (args-unknown).
		: > "$out/$name.results"
		grep -q 'style_plugin: .*option' "$out/$name.sarif.txt" ||
			echo "missing" >> "$out/$name.results"
	fi
	n=$(wc -l < "$out/$name.text")
	total=$((total + n))
	if cmp -s "$out/$name.text" "$out/$name.results"; then
		echo "PASS: sarif: $name: text and SARIF agree ($n results)"
	else
		echo "FAIL: sarif: $name: text and SARIF agree"
		diff "$out/$name.text" "$out/$name.results" | head -n 20
	fi
done
check "sarif: the DejaGnu cases have results ($total)" [ "$total" -ge 100 ]

#
# 2. Fingerprints: five lines at the top, another directory.
#
prints() {	# prints SARIF SHIFT: "rule fingerprint uri line-SHIFT"
	jq -r --argjson shift "$2" '.runs[0].results[] |
		.locations[0].physicalLocation as $l |
		"\(.ruleId) \(.partialFingerprints["stylePlugin/v1"]) \($l.artifactLocation.uri) \($l.region.startLine - (if $l.artifactLocation.uriBaseId then $shift else 0 end))"' "$1" | sort
}
mkdir -p "$out/a" "$out/b" "$out/elsewhere"
bad=0
checked=0
for src in "${cases[@]}"; do
	name=$(basename "$src")
	[ -s "$out/$name.text" ] || continue
	cp "$src" "$out/a/$name"
	{ printf '/*\n * Five lines\n * added\n * at the top.\n */\n'; cat "$src"; } > "$out/b/$name"
	opts=$(dg_options "$src")
	# shellcheck disable=SC2086
	(cd "$out/a" && compile "$name" "$out/a/$name.sarif" . $opts)
	# shellcheck disable=SC2086
	(cd "$out/elsewhere" && compile "$out/b/$name" "$out/b/$name.sarif" "$out/b" $opts)
	prints "$out/a/$name.sarif" 0 > "$out/a/$name.prints"
	prints "$out/b/$name.sarif" 5 > "$out/b/$name.prints"
	checked=$((checked + 1))
	if [ ! -s "$out/a/$name.prints" ] ||
	   ! cmp -s "$out/a/$name.prints" "$out/b/$name.prints"; then
		echo "fingerprints differ: $name"
		diff "$out/a/$name.prints" "$out/b/$name.prints" | head -n 10
		bad=$((bad + 1))
	fi
done
check "sarif: fingerprints survive 5 added lines and another directory ($checked cases)" \
	[ "$bad" -eq 0 -a "$checked" -gt 40 ]
# All fingerprints of a file differ within one log (the index tells equal
# lines apart); a header's result is the same in every log that has it.
dups=0
for p in "$out"/a/*.prints; do
	n=$(awk '{ print $2, $3 }' "$p" | sort | uniq -d | wc -l)
	dups=$((dups + n))
done
check "sarif: no two results share a fingerprint" [ "$dups" -eq 0 ]

#
# 3. The fixes, applied from the SARIF log alone.
#
# apply_fixes SARIF FILE: apply every replacement of the log to FILE.
apply_fixes() {
	jq -r '.runs[0].results[].fixes[]?.artifactChanges[].replacements[] |
		[.deletedRegion.startLine, .deletedRegion.startColumn,
		 .deletedRegion.endColumn, (.insertedContent.text // "")] | @tsv' "$1" |
	awk -F '\t' -v file="$2" '
		function unescape(s) {
			gsub(/\\\\/, "\001", s);
			gsub(/\\t/, "\t", s); gsub(/\\n/, "\n", s);
			gsub(/\\r/, "\r", s); gsub(/\001/, "\\", s); return s
		}
		FILENAME == "-" { n++; L[n] = $1; S[n] = $2; E[n] = $3;
				  T[n] = unescape($4); next }
		{ line[FNR] = $0; last = FNR }
		END {
			# The deletions first: an insertion adds lines.
			for (i = 1; i <= n; i++) {
				t = line[L[i]]
				if (S[i] < E[i])
					line[L[i]] = substr(t, 1, S[i] - 1) substr(t, E[i])
			}
			for (i = 1; i <= n; i++)
				if (S[i] == E[i])
					line[L[i]] = T[i] line[L[i]]
			for (i = 1; i <= last; i++)
				print line[i] > file
		}' - "$2"
}
for src in "$top"/testsuite/fixits/*.c; do
	name=$(basename "$src")
	cp "$src" "$out/fix-$name"
	compile "$out/fix-$name" "$out/fix-$name.sarif" "$out"
	apply_fixes "$out/fix-$name.sarif" "$out/fix-$name"
	check "sarif: $name: the log's fixes give $name.fixed" \
		cmp -s "$out/fix-$name" "$src.fixed"
done

#
# 4. UTF-16 columns: a tab is one unit, U+00E9 one, U+1F600 two.
#
printf 'int g(int);\nint f(int x)\n{\n\t/* \xc3\xa9 \xf0\x9f\x98\x80 */ if (x) return g(x);\n\treturn 0;\n}\n' > "$out/utf16.c"
compile "$out/utf16.c" "$out/utf16.sarif" "$out"
col=$(jq '.runs[0].results[0].locations[0].physicalLocation.region.startColumn' "$out/utf16.sarif")
# Bytes: tab, "/* ", 2, " ", 4, " */ if (x) " = 1+3+2+1+4+11 = 22, column 23;
# UTF-16: 1+3+1+1+2+11 = 19, column 20.
check "sarif: UTF-16 column 20 for byte column 23 (got $col)" [ "$col" = 20 ]
grep -q 'utf16.c:4:23: warning' "$out/utf16.sarif.txt"
check "sarif: the text warning has byte column 23" [ $? -eq 0 ]

#
# 5. Bad paths: one line, the compile goes on.
#
for werror in "" -Werror; do
	rm -f "$out/utf16.c.o"
	$GCC -fplugin="$PLUGIN" $werror -fplugin-arg-style_plugin-sarif="$out/no/such/dir/x.sarif" \
		-c "$out/utf16.c" -o "$out/unwritable.o" 2> "$out/unwritable.txt"
	rc=$?
	n=$(grep -c "cannot write the SARIF log '$out/no/such/dir/x.sarif': No such file or directory" "$out/unwritable.txt")
	check "sarif: unwritable path ${werror:-without -Werror}: rc 0, object, one error line" \
		[ "$rc" -eq 0 -a -s "$out/unwritable.o" -a "$n" -eq 1 ]
done
$GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-sarif -c "$out/utf16.c" \
	-o /dev/null 2> "$out/novalue.txt"
rc=$?
n=$(grep -c "option 'sarif' needs a value" "$out/novalue.txt")
check "sarif: sarif without a file is an error" [ "$rc" -ne 0 -a "$n" -eq 1 ]

#
# 6. Parallel compiles writing one log: never a torn file, no leftovers.
#
for _ in 1 2 3 4 5 6 7 8; do
	compile "$dg/if-body-1.c" "$out/shared.sarif" "$dg" &
done
wait
check "sarif: 8 parallel writers leave one whole log" \
	jq -e '.runs[0].results | length > 0' "$out/shared.sarif" > /dev/null
leftover=$(find "$out" -maxdepth 1 -name '*.tmp.*' | wc -l)
check "sarif: no temporary file left" [ "$leftover" -eq 0 ]
rm -f "$out"/shared.sarif.*

#
# 7. GCC's own SARIF (-fdiagnostics-format=sarif-file, GCC 13 and later)
#    for the same compile as sarif=: the same style results (rule and
#    line), each with a fix and its rule's section of rules.md as helpUri;
#    but no fingerprints, and no text warnings on stderr (docs/sarif.md).
#    GCC 11 and 12 have none: they refuse the option.
#
own=$out/gcc-own
mkdir -p "$own"
jqe() { jq -e "$@" > /dev/null; }
printf '%s\n' 'void g(int);' 'void f(int a, int b)' '{' '	if (a) g(1);' \
	'	while (b) b--;' '	g(2); g(3);' '	if (a)' '		g(4);' \
	'	else g(5);' '}' > "$own/own.c"
(cd "$own" && $GCC -fplugin="$PLUGIN" -fdiagnostics-format=sarif-file \
	-fplugin-arg-style_plugin-sarif=plugin.sarif \
	-fplugin-arg-style_plugin-srcroot="$own" -c own.c -o own.o 2> stderr.txt)
rc=$?
if [ "$($GCC -dumpversion | cut -d. -f1)" -lt 13 ]; then
	check "sarif: GCC $($GCC -dumpversion) has no SARIF of its own (sarif-file refused)" \
		eval '[ $rc -ne 0 ] && grep -q "sarif-file" "$own/stderr.txt"'
else
	# GCC's log, renamed so that step 8 does not validate it.
	gcc_log=$(find "$own" -name '*.sarif' ! -name plugin.sarif | head -n 1)
	[ -z "$gcc_log" ] || mv "$gcc_log" "$own/gcc.json"
	theirs=$(jq -r '.runs[0].results[] | select(.ruleId | startswith("-Wstyle-")) |
		"\(.ruleId | ltrimstr("-W")) \(.locations[0].physicalLocation.region.startLine)"' \
		"$own/gcc.json" 2>/dev/null | sort)
	ours=$(jq -r '.runs[0].results[] |
		"\(.ruleId) \(.locations[0].physicalLocation.region.startLine)"' \
		"$own/plugin.sarif" | sort)
	check "sarif: GCC's own log has the plugin's 4 results, rule and line" \
		eval '[ $rc -eq 0 ] && [ "$(wc -l <<<"$ours")" -eq 4 ] && [ "$theirs" = "$ours" ]'
	check "sarif: GCC's own log: a fix with each style result" jqe \
		'[.runs[0].results[] | select(.ruleId | startswith("-Wstyle-")) | .fixes | length > 0] | all and length == 4' \
		"$own/gcc.json"
	check "sarif: GCC's own log: each style rule's helpUri is its rules.md section" jqe \
		'[.runs[0].tool.driver.rules[] | select(.id | startswith("-Wstyle-")) |
		  .helpUri | test("/rules[.]md#-wstyle-[a-z-]+$")] | all and length == 4' \
		"$own/gcc.json"
	check "sarif: GCC's own log: no fingerprints (the plugin's log has them)" jqe \
		'[.runs[0].results[] | .partialFingerprints // {} | keys[] | select(startswith("stylePlugin"))] | length == 0' \
		"$own/gcc.json"
	check "sarif: GCC's sarif-file: no style warning on stderr" \
		eval '! grep -Eq "$STYLE_TAG_RE" "$own/stderr.txt"'
fi

#
# 8. Validation: every log written above.
#
mapfile -t logs < <(find "$out" -name '*.sarif' | sort)
if [ ! -x "$MT" ]; then
	echo "FAIL: sarif: Sarif.Multitool not installed at $MT (make deps)"
	exit 0
fi
"$MT" validate "${logs[@]}" > "$out/validate.txt" 2>&1
scanned=$(sed -n 's/^Done\. \([0-9]*\) files\{0,1\} scanned\./\1/p' "$out/validate.txt")
errors=$(grep -c ': error ' "$out/validate.txt")
check "sarif: Sarif.Multitool validate: ${#logs[@]} logs, $errors errors" \
	[ "$scanned" = "${#logs[@]}" -a "$errors" -eq 0 ]
[ "$errors" -eq 0 ] || grep ': error ' "$out/validate.txt" | head -n 10
