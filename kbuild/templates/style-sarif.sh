#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Merge the SARIF logs that W=style writes next to each object into one
# log for the whole build: make W=style STYLE_SARIF=PATH runs it when the
# build ends (see Documentation/dev-tools/style-check.rst).
#
# Usage: sh scripts/<this script> DIR OUTPUT
#
# DIR is searched for the per-object logs (.foo.o.sarif for foo.o); a log
# whose object is gone (make clean, another configuration) is left out.
# The style plugin writes each result on a line of its own, so the
# results are merged by lines: sorted by file, line, column and rule, and
# a violation that many objects report (in a header) is kept once. The
# output holds nothing that depends on the order or the time of the
# compiles, and is written atomically.

set -e

if [ $# -ne 2 ]; then
	echo "usage: $0 DIR OUTPUT" >&2
	exit 2
fi
dir=$1
out=$2
tmp=$out.tmp.$$
list=$out.list.$$
trap 'rm -f "$tmp" "$list"' EXIT

export LC_ALL=C

find "$dir" -name '.*.sarif' -type f | sort | while read -r log; do
	obj=$(dirname "$log")/$(basename "$log" .sarif | cut -c2-)
	if [ -e "$obj" ]; then
		echo "$log"
	fi
done > "$list"

# The parts of a result line that sort it.
rule='{"ruleId":"\([^"]*\)"'
uri='"artifactLocation":{"uri":"\([^"]*\)"[^}]*}'
region='"region":{"startLine":\([0-9]*\),"startColumn":\([0-9]*\)}'

first=$(head -n 1 "$list")
{
	if [ -n "$first" ]; then
		sed -n '1,/^"results":\[$/p' "$first"
	else
		printf '{\n"version":"2.1.0",\n"runs":[{\n'
		printf '"tool":{"driver":{"name":"style_plugin","rules":[]}},\n'
		printf '"results":[\n'
	fi
	# Each result: its key (file, line, column, rule), a tab, the line.
	[ -z "$first" ] || xargs -r sed -n '/^{"ruleId":/{s/,$//;p}' < "$list" |
	sed "s/^\($rule.*$uri,$region.*\)\$/\\3\t\\4\t\\5\t\\2\t\\1/" |
	sort -t '	' -k1,1 -k2,2n -k3,3n -k4,4 -u |
	cut -f 5- | sed '$!s/$/,/'
	printf ']\n}]\n}\n'
} > "$tmp"
mv -f "$tmp" "$out"
