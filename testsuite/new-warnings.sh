#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# new-warnings.sh - scripts/style-new-warnings on base/head pairs, against
# Sarif.Multitool match-results-forward on the same pairs
#
# Each case is a base file and a head file compiled with sarif= (the head
# from another directory); the new warnings expected are the head lines
# marked "NEW".  style-new-warnings must print exactly those (and exit 1,
# or 0 when there are none), and be right on at least as many cases as
# match-results-forward; both scores are printed.  Bad input: one line,
# exit 2.
#
# Usage: testsuite/new-warnings.sh   (PLUGIN, GCC, BUILD, SARIF_MULTITOOL)

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
out=$tmp_root/new-warnings
scratch "$out"
MT=$SARIF_MULTITOOL
report=$top/scripts/style-new-warnings

base_c='int g(int);

int f(int x, int y)
{
	if (x) y++;
	g(y);
	return y;
}

int h(int x)
{
	while (x) x--;
	return x;
}
'

# sarif DIR SRC: compile SRC as DIR/x.c from DIR into DIR/x.sarif.
sarif() {
	mkdir -p "$1"
	printf '%s' "$2" > "$1/x.c"
	(cd "$1" && $GCC -fplugin="$PLUGIN" -fplugin-arg-style_plugin-sarif=x.sarif \
		-c x.c -o x.o 2> x.txt)
}

ours=0
theirs=0
n=0
# case NAME HEAD: HEAD against base_c; NEW marks the lines expected new.
case_() {
	local name=$1 head=$2 want got mt rc

	n=$((n + 1))
	sarif "$out/$name/base" "$base_c"
	sarif "$out/$name/head" "$(printf '%s' "$head" | sed 's| */\* NEW \*/||')"
	want=$(printf '%s\n' "$head" | grep -n 'NEW' | cut -d: -f1 | sort -n | tr '\n' ' ')
	"$report" "$out/$name/base/x.sarif" "$out/$name/head/x.sarif" > "$out/$name/new.txt"
	rc=$?
	got=$(cut -d: -f2 "$out/$name/new.txt" | sort -n | tr '\n' ' ')
	if [ "$got" = "$want" ] && [ "$rc" -eq $((${#want} > 0 ? 1 : 0)) ] &&
	   ! grep -qv '^x\.c:[0-9]*:[0-9]*: warning: .* \[-Wstyle-[a-z-]*\]$' "$out/$name/new.txt"; then
		echo "PASS: new-warnings: $name: new lines '$want'"
		ours=$((ours + 1))
	else
		echo "FAIL: new-warnings: $name: new lines '$want', got '$got' (exit $rc)"
	fi
	[ -x "$MT" ] || return
	"$MT" match-results-forward -r "$out/$name/base/x.sarif" \
		-o "$out/$name/mt.sarif" "$out/$name/head/x.sarif" > "$out/$name/mt.txt" 2>&1
	mt=$(jq -r '.runs[].results[] | select(.baselineState == "new") |
		.locations[0].physicalLocation.region.startLine' "$out/$name/mt.sarif" 2>/dev/null |
		sort -n | tr '\n' ' ')
	if [ "$mt" = "$want" ]; then
		theirs=$((theirs + 1))
		echo "match-results-forward: $name: right"
	else
		echo "match-results-forward: $name: new lines '$mt', want '$want'"
	fi
}

case_ same "$base_c"
case_ lines-moved "$(printf '/* 1 */\n/* 2 */\n/* 3 */\n%s' "$base_c")"
case_ lines-moved-one-new "$(printf '/* 1 */\n/* 2 */\n/* 3 */\n%s' "$base_c" |
	sed 's|^\tg(y);|\tg(y); g(x); /* NEW */|')"
case_ renamed "$(printf '%s' "$base_c" | sed 's/int f(/int renamed_f(/; s/int h(/int renamed_h(/')"
case_ renamed-moved "$(printf '%s' "$base_c" | sed 's/int f(/static int\nrenamed_f(/')"
case_ twice-below "$(printf '%s' "$base_c" | sed 's|^\tg(y);|\tg(y);\n\tif (x) y++; /* NEW */|')"
case_ twice-above "$(printf '%s' "$base_c" | sed 's|^\tif (x) y++;|\tg(x);\n\tif (x) y++; /* NEW */\n&|')"
case_ twice-other-function "$(printf '%s' "$base_c" | sed 's|^\twhile (x) x--;|&\n\tif (x) y++; /* NEW */|; s/int h(int x)/int h(int x, int y)/')"
case_ edited "$(printf '%s' "$base_c" | sed 's|^\tif (x) y++;|\tif (x) y += 2; /* NEW */|')"
case_ moved-to-other-function "$(printf '%s' "$base_c" | sed '/^\twhile (x) x--;/d; s|^\tg(y);|&\n\twhile (x) x--;|')"
case_ fixed-and-new "$(printf '%s' "$base_c" | sed 's|^\tif (x) y++;|\tif (x)\n\t\ty++;|; s|^\treturn x;|\tx++; return x; /* NEW */|')"

echo "new-warnings: style-new-warnings right on $ours of $n cases, match-results-forward on $theirs"
[ -x "$MT" ] || echo "FAIL: new-warnings: Sarif.Multitool not installed at $MT (make deps)"
check "new-warnings: at least as right as match-results-forward ($ours >= $theirs of $n)" \
	[ "$ours" -ge "$theirs" ]

# Bad input: one line on stderr, exit 2.
b=$out/same/base/x.sarif
printf '{"runs": [' > "$out/malformed.sarif"
echo '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"clang-tidy"}},"results":[]}]}' > "$out/foreign.sarif"
echo '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"style_plugin"}},"results":[{"ruleId":"style-if-body"}]}]}' > "$out/nolocation.sarif"
for bad in malformed foreign nolocation missing; do
	"$report" "$b" "$out/$bad.sarif" > "$out/$bad.out" 2> "$out/$bad.err"
	rc=$?
	check "new-warnings: $bad log: exit 2, one line on stderr ($(head -n 1 "$out/$bad.err"))" \
		[ "$rc" -eq 2 -a "$(wc -l < "$out/$bad.err")" -eq 1 -a ! -s "$out/$bad.out" ]
done
