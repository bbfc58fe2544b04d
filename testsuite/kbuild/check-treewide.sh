#!/usr/bin/env bash
# testsuite/kbuild/check-treewide.sh - the committed treewide/VERSION series is
# what issue 21 asks of it, checked on a fresh linux-source-VERSION
# (seconds: only the touched files are unpacked):
#   - series lists at most 30 patches, each in git format-patch form with
#     a Subject, a body and a Signed-off-by of its From: identity;
#   - they apply in order without fuzz (patch -p1 --fuzz=0, and git apply);
#   - every touched file is the same as the original with spaces, tabs
#     and newlines removed;
#   - they touch at least MIN_FILES files (default 500);
#   - proof.log has a line for each patch and 0 unexplained objects, and
#     no object that did not build; each token proof (proof-ARCH.log) 0
#     unexplained and none not preprocessed; every touched file is
#     compiled or included by a proven object (proof/files-ARCH.txt);
#   - planted faults are rejected by the same checks: a digit of an
#     added line changed, and a Signed-off-by taken out (each in a copy
#     of the first patch);
#   - the held-out measure (kbuild/same-line-bodies.sh): it counts the
#     lines of a fixture that it should, and no other; the committed
#     same-line-bodies.txt adds up, and its count of each touched file
#     after the series is the file's count here.
#
# Usage: testsuite/kbuild/check-treewide.sh [VERSION]   (default 6.12)
# Environment: MIN_FILES (default 500).
set -euo pipefail

prog=check-treewide.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$root/scripts/lib.sh"

version=${1:-6.12}
dest=$root/treewide/$version
[ -f "$dest/series" ] || die "$dest/series not found"
work=$(mktemp -d "${TMPDIR:-/tmp}/check-treewide.XXXXXX")
trap 'rm -rf "$work"' EXIT
mapfile -t patches < <(series_patches "$dest")

check "treewide/$version: 1 to 30 patches (${#patches[@]})" test "${#patches[@]}" -ge 1 -a "${#patches[@]}" -le 30
# form PATCH: From:, Subject:, a body, Signed-off-by: of the From: identity.
form() {
	local p=$1 from

	from=$(header_field "$p" From)
	[ -n "$from" ] && head -n1 "$p" | grep -q '^From [0-9a-f]\{40\} ' &&
		grep -q '^Subject: \[PATCH[^]]*\] [^ ].*' "$p" &&
		grep -qxF "Signed-off-by: $from" "$p" &&
		[ "$(sed -n '/^$/,/^---$/p' "$p" | grep -c .)" -ge 5 ]
}
bad=''
for p in "${patches[@]}"; do form "$p" || bad="$bad $(basename "$p")"; done
check "every patch has From:, a Subject, a body and Signed-off-by from its From: identity${bad:+ (not:$bad)}" test -z "$bad"
grep -v '^Signed-off-by: ' "${patches[0]}" >"$work/unsigned.patch"
check "planted: a patch without its Signed-off-by is rejected" eval '! form "$work/unsigned.patch"'

mapfile -t touched < <(touched_files "${patches[@]}")
min_files=${MIN_FILES:-500}
check "the series touches at least $min_files files (${#touched[@]})" test "${#touched[@]}" -ge "$min_files"
extract_files "$version" "$work/orig" "${touched[@]}"
# series_ok DIR PATCH...: the patches apply to a copy of the originals in
# DIR with both tools, alike, and change only blanks.
series_ok() {
	local d=$1 m f
	shift
	for m in patch git; do
		rm -rf "$d-$m"
		cp -a "$work/orig" "$d-$m"
		(check_series "$m" "$d-$m" "$@") 2>/dev/null || return 1
	done
	for f in "${touched[@]}"; do
		[ -f "$work/orig/$f" ] || return 1
		cmp -s <(tr -d ' \t\n' <"$work/orig/$f") <(tr -d ' \t\n' <"$d-patch/$f") || return 1
		cmp -s "$d-patch/$f" "$d-git/$f" || return 1
	done
}
check "the series applies without fuzz to a fresh linux-source-$version (${#touched[@]} files), and changes only spaces, tabs and newlines" \
	series_ok "$work/ok" "${patches[@]}"

# The planted change: the first digit of an added line, in the first patch.
cp "${patches[0]}" "$work/planted.patch"
perl -i -pe 'if (!$done && /^\+[^+].*[0-9]/) { s/([0-9])/($1 + 1) % 10/e; $done = 1 }' "$work/planted.patch"
planted_rejected() {
	! cmp -s "${patches[0]}" "$work/planted.patch" &&
		! series_ok "$work/planted" "$work/planted.patch" "${patches[@]:1}"
}
check "planted: a digit changed in an added line is rejected" planted_rejected

# The held-out measure: first its counter, on a fixture whose lines say
# whether they count.
mkdir -p "$work/fixture/kernel"
cat >"$work/fixture/kernel/f.c" <<'EOF_C'
int f(int x)
{
	if (x) return 1;		/* 1 */
	if (x) {
	}
	if (x &&
	    x > 2) x++;			/* 1: the closing line */
	else x--;			/* 1 */
	} else if (x) x = 3;		/* 1 */
	else if (x)
		x = 2;
	else {
	}
	for (;;) ;
	while (x) x--;			/* 1 */
	do { x++; } while (x);
	} while (x);
	if (x) /* a comment */
		x = 1;
	s = "if (x) y;";
	if (x == '(') y = ')';		/* 1 */
#define M(x) if (x) y; \
	else z;
	/* if (x) y;
	   else z; */
	// if (x) y;
	return 0;
}
EOF_C
want=$(grep -c '/\* 1' "$work/fixture/kernel/f.c")
got=$("$root/kbuild/same-line-bodies.sh" "$work/fixture")
check "same-line-bodies.sh counts the $want lines of its fixture that count ($got)" \
	test "$got" = "$want lines in 1 files"
held=$dest/same-line-bodies.txt
if [ -f "$held" ]; then
	sums_ok() {
		awk '/^before: / { b = $2 } /^after: / { a = $2 } /^taken away: / { t = $3 }
			/^[0-9]+\t/ { n += $1 }
			END { exit !(b != "" && a == n && t == b - a) }' "$held"
	}
	check "same-line-bodies.txt adds up (before - after = taken away, after = its files)" sums_ok
	# each touched file's count after the series, here and in the report
	"$root/kbuild/same-line-bodies.sh" -l "$work/ok-patch" | grep -v ' lines in ' |
		LC_ALL=C sort -t "$(printf '\t')" -k2,2 >"$work/after-here.txt" || true
	printf '%s\n' "${touched[@]}" >"$work/touched.txt"
	awk -F '\t' 'NR == FNR { t[$1] = 1; next } /^[0-9]+\t/ && t[$2]' "$work/touched.txt" "$held" |
		LC_ALL=C sort -t "$(printf '\t')" -k2,2 >"$work/after-report.txt"
	check "same-line-bodies.txt: each touched file's count after the series is its count here" \
		cmp -s "$work/after-here.txt" "$work/after-report.txt"
else
	fail "treewide/$version/same-line-bodies.txt not found (make same-line-bodies)"
fi

# The cover letter: there, not in the series, and what
# kbuild/treewide-cover.sh makes of the series now (so its diffstats,
# proof and counts are the committed ones).
cover=$dest/0000-cover-letter.patch
cover_ok() {
	[ -f "$1" ] && ! grep -qx '0000-cover-letter.patch' "$dest/series" &&
		"$root/kbuild/treewide-cover.sh" --print "$dest" 2>/dev/null | cmp -s - "$1"
}
check "0000-cover-letter.patch is the cover letter of the committed series" cover_ok "$cover"
if [ -f "$cover" ]; then
	sed '0,/ files\{0,1\} changed, /s/ \([0-9]\)\([0-9]*\) files\{0,1\} changed, / 9\2 files changed, /' \
		"$cover" >"$work/cover.patch"
	check "planted: a cover letter with a patch's diffstat changed is rejected" \
		eval '! cmp -s "$cover" "$work/cover.patch" && ! cover_ok "$work/cover.patch"'
fi

n=0
for p in "${patches[@]}"; do
	grep -q "^[0-9]\{4\} $(basename "$p"): .* 0 unexplained" "$dest/proof.log" && n=$((n + 1))
done
check "proof.log: each of the ${#patches[@]} patches has 0 unexplained objects ($n)" test "$n" = "${#patches[@]}"
check "proof.log: the total has 0 unexplained" grep -q '^total: .* 0 unexplained$' "$dest/proof.log"
check "proof.log: every object was built on both sides" grep -qx 'objects not built: 0' "$dest/proof.log"
# The token proofs of other architectures' objects (proof-ARCH.log,
# kbuild/treewide-tokens.sh): each with 0 unexplained and every object
# preprocessed on both sides; and every touched file of the series is
# compiled or included by a proven object of some architecture
# (proof/files-ARCH.txt).
for l in "$dest"/proof-*.log; do
	[ -f "$l" ] || continue
	check "$(basename "$l"): 0 unexplained, every object preprocessed on both sides" \
		grep -Eq '^total: [0-9]+ objects of [0-9]+ patches: [0-9]+ identical, [0-9]+ __LINE__ \(traced\), 0 unexplained, 0 not built$' "$l"
done
touched_files "${patches[@]}" >"$work/touched"
cat "$dest"/proof/files-*.txt 2>/dev/null | LC_ALL=C sort -u >"$work/proven"
unproven=$(LC_ALL=C comm -23 "$work/touched" "$work/proven")
check "every touched file ($(wc -l <"$work/touched")) is in a proven object of some architecture${unproven:+ (not: $(head -n 3 <<<"$unproven" | tr '\n' ' '))}" \
	test -z "$unproven"

# shellcheck disable=SC2154 # counted by scripts/lib.sh
echo "check-treewide: $passed passed, $failed failed"
[ "$failed" = 0 ]
