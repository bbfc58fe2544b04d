#!/usr/bin/env bash
# kbuild/treewide.sh - the tree-wide formatting patches of a sweep
# (kbuild/sweep.sh): DEST/series and one patch per maintainer tree, in
# git format-patch form, signed by whoever runs it.
#
#   1. the fix-its of OUT/sweep.log, but those of the headers left out
#      (below), go to kbuild/fix-tree.sh --log --split, with a group per
#      maintainer tree (the first git tree but Linus's that SRC's
#      scripts/get_maintainer.pl --scm names for the file; without one,
#      its directory: drivers/X, sound/X, fs/X, net/X, arch/X, else the
#      top-level directory; at most MAX_PATCHES groups, the smallest
#      merged into their top-level directory) and a commit message that
#      says how the patch was made, how it is proven and how to make it
#      again; fix-tree.sh checks that only blanks and line breaks change
#      and that the patch applies to SRC;
#   2. a header (or a .c file that another .c includes) is left out,
#      and listed in DEST/excluded-headers.txt, when the proof cannot
#      rebuild all of its includers: it is under include/ or
#      arch/*/include/, or more than MAX_INCLUDERS swept files include
#      it, or a file the sweep did not compile names it in an #include
#      (it might be compiled there; headers naming it are followed to
#      their own includers);
#   3. checks on a fresh linux-source-VERSION (the touched files unpacked
#      from /usr/src/linux-source-VERSION.tar.xz): the series applies in
#      order with patch -p1 --fuzz=0 and with git apply, and every touched
#      file is the same as the original once spaces, tabs and newlines
#      are removed. Their result: DEST/check.txt.
#   4. with QUEUE set (a queue of pending patches: quilt directory, mbox
#      or git range REPO:A..B), Morton's rule: kbuild/treewide-queue.sh
#      takes out of the series every change that would make a queue
#      patch fail to apply with fuzz 0 after it, and checks that none
#      does (DEST/queue.txt, check.txt, each patch's body).
# The identity is git config user.name / user.email; none: one line, exit 1.
#
# Usage: kbuild/treewide.sh VERSION SRC OBJ OUT DEST
#        kbuild/treewide.sh --prefixes MAINTAINERS  (the groups and their
#        subject prefixes for the files of a maintainers.txt, no sweep)
#   VERSION  6.12 (the tarball the checks unpack)
#   SRC OBJ OUT  the sweep's tree, O= dir and results (kbuild/sweep.sh)
#   DEST     e.g. treewide/6.12 (its *.patch and series are replaced)
# Environment: MAX_PATCHES (default 30), MAX_INCLUDERS (default 20), QUEUE,
#   CROSS_SWEEPS (the OUT directories of other architectures' sweeps,
#   kbuild/sweep-cross.sh, space-separated: their fix-its, swept files
#   and includes join OUT's; the maintainer cache stays in OUT).
set -euo pipefail

prog=treewide.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

# subsystem_prefixes: the subject prefixes maintainers use (their git
# log), by maintainer tree (tree:NAME, the tree's name as tname() makes
# it; none for trees such as tip/tip or char-misc that take several
# subsystems: their files go by directory) and by directory (dir:PATH,
# the longest that a group's common directory starts with; fs/NAME
# without an entry is NAME).
subsystem_prefixes() {
	cat <<'EOF'
tree:herbert/cryptodev-2.6	crypto
tree:netdev/net	net
tree:netdev/net-next	net
tree:tnguy/net-queue	net
tree:bluetooth/bluetooth	Bluetooth
tree:tiwai/sound	ALSA
tree:broonie/sound	ASoC
tree:deller/linux-fbdev	fbdev
tree:dtor/input	Input
tree:hid/hid	HID
tree:libata/linux	ata
tree:jejb/scsi	scsi
tree:mkp/scsi	scsi
tree:gregkh/usb	usb
tree:johan/usb-serial	USB: serial
tree:drm/nouveau	drm/nouveau
tree:drm/misc/kernel	drm
tree:drm/kernel	drm
tree:agd5f/linux	drm/amd
tree:media	media
tree:mchehab/linux-media	media
tree:ubifs-2.6	ubifs
tree:mtd/linux	mtd
tree:wireless/wireless	wifi
tree:pkshih/rtw	wifi
tree:pci/pci	PCI
tree:netfilter/nf	netfilter
tree:brodo/linux	pcmcia
tree:linux-drbd	drbd
tree:ulfh/mmc	mmc
tree:trace/linux-trace	tracing
tree:rdma/rdma	RDMA
tree:ieee1394/linux1394	firewire
tree:andi.shyti/linux	i2c
tree:vfs/vfs	fs
tree:pcmoore/lsm	lsm
tree:projects/trondmy/linux-nfs	NFS
tree:virt/kvm/kvm	KVM
tree:vkoul/dmaengine	dmaengine
tree:shuah/linux-kselftest	selftests
tree:printk/linux	printk
tree:pdx86/platform-drivers-x86	platform/x86
tree:lee/mfd	mfd
tree:kdave/linux	btrfs
tree:jic23/iio	iio
tree:jdelvare/staging	hwmon
tree:horms/ipvs-next	ipvs
tree:gregkh/tty	tty
tree:jejb/parisc-2.6	parisc
tree:deller/parisc-linux	parisc
tree:geert/linux-m68k	m68k
tree:powerpc/linux	powerpc
tree:davem/sparc	sparc
tree:mips/linux	MIPS
tree:~rmk/linux-arm	ARM
tree:arm64/linux	arm64
tree:kvmarm/kvmarm	KVM: arm64
tree:riscv/linux	riscv
dir:arch/alpha	alpha
dir:arch/arm	ARM
dir:arch/arm64	arm64
dir:arch/m68k	m68k
dir:arch/mips	MIPS
dir:arch/parisc	parisc
dir:arch/powerpc	powerpc
dir:arch/riscv	riscv
dir:arch/sh	sh
dir:arch/sparc	sparc
dir:arch/x86	x86
dir:arch/x86/events	perf/x86
dir:arch/x86/kvm	KVM: x86
dir:block	block
dir:crypto	crypto
dir:drivers/ata	ata
dir:drivers/atm	atm
dir:drivers/char	char
dir:drivers/gpu/drm	drm
dir:drivers/gpu/drm/amd	drm/amd
dir:drivers/gpu/drm/i915	drm/i915
dir:drivers/gpu/drm/nouveau	drm/nouveau
dir:drivers/gpu/drm/radeon	drm/radeon
dir:drivers/hid	HID
dir:drivers/input	Input
dir:drivers/isdn	isdn
dir:drivers/md	md
dir:drivers/media	media
dir:drivers/misc	misc
dir:drivers/mtd	mtd
dir:drivers/net	net
dir:drivers/net/wireless	wifi
dir:drivers/pcmcia	pcmcia
dir:drivers/scsi	scsi
dir:drivers/staging	staging
dir:drivers/tty	tty
dir:drivers/usb	usb
dir:drivers/video/fbdev	fbdev
dir:fs	fs
dir:kernel	kernel
dir:kernel/events	perf
dir:kernel/irq	genirq
dir:kernel/locking	locking
dir:kernel/sched	sched
dir:kernel/time	timers
dir:kernel/trace	tracing
dir:lib	lib
dir:mm	mm
dir:net	net
dir:net/bluetooth	Bluetooth
dir:net/mac80211	wifi: mac80211
dir:net/netfilter	netfilter
dir:net/wireless	wifi: cfg80211
dir:security	security
dir:security/keys	KEYS
dir:security/selinux	selinux
dir:sound	ALSA
dir:sound/soc	ASoC
EOF
}

# groups_of MAINTAINERS KEPT: FILE<TAB>GROUP<TAB>NOTE for each file of
# KEPT (one a line), from MAINTAINERS (FILE<TAB>its tree, - for none).
groups_of() {
	awk -F'\t' 'NR == FNR { t[$1] = $2; next }
		{
			d = $0; n = split(d, p, "/")
			g = p[1]; if (n > 2 && p[1] ~ /^(drivers|sound|fs|net|arch)$/) g = p[1] "/" p[2]
			k = (t[$0] != "" && t[$0] != "-") ? t[$0] : "dir:" g
			print $0 "\t" k "\t" g
		}' "$1" "$2" >"$work/keys"
	# At most MAX_PATCHES: the smallest group is merged into the directory
	# group of its files' top-level directory (dir:TOP).
	while [ "$(cut -f2 "$work/keys" | LC_ALL=C sort -u | wc -l)" -gt "$max_patches" ]; do
		small=$(cut -f2 "$work/keys" | LC_ALL=C sort | uniq -c | sort -k1,1n -k2,2 |
			awk '{ k = $2; n = split(k, p, "/"); if (!found && !(k ~ /^dir:/ && n == 1)) { print k; found = 1 } }')
		[ -n "$small" ] || die "more than $max_patches top-level directories"
		awk -F'\t' -v s="$small" 'BEGIN { OFS = "\t" } $2 == s { t = $1; sub(/\/.*/, "", t); $2 = "dir:" t } 1' \
			"$work/keys" >"$work/keys.tmp"
		mv "$work/keys.tmp" "$work/keys"
	done
	# Each group's subject prefix: the subsystem prefix the maintainers use
	# (subsystem_prefixes: for its tree, else for its files' longest
	# common directory, or the directory most of them are in when they
	# have none); else that directory (at most four levels), or,
	# for files in several top-level directories, the tree's name (its
	# URL's path without .git and the kernel.org prefix); a directory or
	# tree prefix that two groups share gets the tree's name after it, in
	# parentheses (groups with the same subsystem prefix make one patch).
	# The note names the tree.
	subsystem_prefixes >"$work/prefixes"
	awk -F'\t' '
		function tname(k,  t) { t = k; sub(/^[a-z]+:\/\/[^\/]*\//, "", t); sub(/^pub\/scm\/linux\/kernel\/git\//, "", t); sub(/\.git$/, "", t); return t }
		# subsystem(k, d): the prefix of the table for the tree of k, or
		# for the longest directory of d the table has (fs/NAME: NAME).
		function subsystem(k, d) {
			if (k !~ /^dir:/ && (("tree:" tname(k)) in tab)) return tab["tree:" tname(k)]
			while (d != "") {
				if (("dir:" d) in tab) return tab["dir:" d]
				if (d ~ /^fs\/[^\/]+$/) return substr(d, 4)
				if (d !~ /\//) break
				sub(/\/[^\/]*$/, "", d)
			}
			return ""
		}
		FILENAME == ARGV[1] { if ($0 !~ /^#/ && NF == 2) tab[$1] = $2; next }
		{ k = $2; f = $1; sub(/\/[^\/]*$/, "", f)
		  if (!(k in pre)) pre[k] = f
		  else { a = pre[k]; while (a != "" && index(f "/", a "/") != 1) { if (a !~ /\//) a = ""; else sub(/\/[^\/]*$/, "", a) } pre[k] = a }
		  files[++nf] = $1; key[nf] = k
		  if (++nd[k, f] > most[k]) { most[k] = nd[k, f]; mostd[k] = f } }
		END {
			for (k in pre) {
				l = pre[k]; n = split(l, p, "/"); if (n > 4) l = p[1] "/" p[2] "/" p[3] "/" p[4]
				if (l == "") l = (k ~ /^dir:/) ? substr(k, 5) : tname(k)
				s = subsystem(k, pre[k] != "" ? pre[k] : (k ~ /^dir:/) ? substr(k, 5) : mostd[k])
				if (s != "") { l = s; bytab[k] = 1 }
				lab[k] = l; used[l]++
			}
			for (k in pre) {
				if (used[lab[k]] > 1 && k !~ /^dir:/ && !bytab[k]) lab[k] = lab[k] " (" tname(k) ")"
				note[k] = (k ~ /^dir:/) ? "Grouped by directory: MAINTAINERS names no tree but Linus'"'"'s for these files, or their trees have too few of them for a patch of their own (each file'"'"'s tree: maintainers.txt)." \
					: "Maintainer tree (scripts/get_maintainer.pl --scm): " k
			}
			for (i = 1; i <= nf; i++) print files[i] "\t" lab[key[i]] "\t" note[key[i]]
		}' "$work/prefixes" "$work/keys"
}

# --prefixes MAINTAINERS: the subject prefix of each group the files of
# MAINTAINERS (FILE<TAB>TREE, e.g. DEST/maintainers.txt) make, without a
# sweep: COUNT<TAB>PREFIX<TAB>NOTE.
if [ "${1:-}" = --prefixes ]; then
	[ $# = 2 ] && [ -f "$2" ] || { echo "usage: $0 --prefixes MAINTAINERS" >&2; exit 2; }
	max_patches=${MAX_PATCHES:-30}
	work=$(mktemp -d "${TMPDIR:-/tmp}/treewide.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	cut -f1,2 "$2" >"$work/maintainers"
	cut -f1 "$2" >"$work/kept"
	groups_of "$work/maintainers" "$work/kept" | cut -f2,3 | LC_ALL=C sort | uniq -c |
		sed 's/^ *\([0-9]*\) /\1\t/'
	exit 0
fi

[ $# = 5 ] || { echo "usage: $0 VERSION SRC OBJ OUT DEST, or $0 --prefixes MAINTAINERS" >&2; exit 2; }
version=$1 src=$2 obj=$3 out=$4 dest=$5
max_patches=${MAX_PATCHES:-30}
max_inc=${MAX_INCLUDERS:-20}
name=$(git -C "$root" config user.name || true)
email=$(git -C "$root" config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "no git identity: set git config user.name and user.email (the patches are signed with it)"
tarball_of "$version" >/dev/null
for f in sweep.log deps commands; do
	[ -f "$out/$f" ] || die "$out/$f not found: run kbuild/sweep.sh first"
done
src=$(cd "$src" && pwd -P)
obj=$(cd "$obj" && pwd -P)
out=$(cd "$out" && pwd -P)
mkdir -p "$dest"
dest=$(cd "$dest" && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/treewide.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Other architectures' sweeps: one OUT of them all (their object names
# get the number of their sweep in front, N:OBJECT, as two sweeps may
# name the same object).
if [ -n "${CROSS_SWEEPS:-}" ]; then
	mkdir -p "$work/out"
	touch "$out/maintainers"
	ln -s "$out/maintainers" "$work/out/maintainers"
	for f in sweep.log commands deps; do cp "$out/$f" "$work/out/$f"; done
	k=0
	for c in $CROSS_SWEEPS; do
		k=$((k + 1))
		for f in sweep.log deps commands; do
			[ -f "$c/$f" ] || die "CROSS_SWEEPS: $c/$f not found: run kbuild/sweep-cross.sh first"
		done
		cat "$c/sweep.log" >>"$work/out/sweep.log"
		for f in commands deps; do
			sed "s|^|$k:|" "$c/$f" >>"$work/out/$f"
		done
	done
	note "with $k other architectures' sweeps: $(wc -l <"$work/out/commands") files swept"
	out=$work/out
fi

# 1. The files with fix-its, as named in the log and in SRC.
sed -n 's/^fix-it:"\(.*\)":{[0-9]*:[0-9]*-[0-9]*:[0-9]*}:".*$/\1\t\1/p' "$out/sweep.log" |
	LC_ALL=C sort -u | relto_src "$src" "$obj" >"$work/files.map"
# The swept sources and their includes, relative to SRC.
cut -f2 "$out/commands" | sed 's/.* -c -o [^ ]* //' | relto_src "$src" "$obj" 1 | LC_ALL=C sort -u >"$work/swept.c"
# OBJECT<TAB>FILE for every header (or .c file) an object includes.
awk -F'\t' '{ n = split($2, d, " "); for (i = 1; i <= n; i++) if (d[i] ~ /\.[ch]$/) print $1 "\t" d[i] }' "$out/deps" |
	relto_src "$src" "$obj" | LC_ALL=C sort -u >"$work/includes"

# 2. The included files (headers, and .c files another .c includes):
# kept or left out.
: >"$dest/excluded-headers.txt.tmp"
: >"$work/excluded"
# unswept_includers FILE: the files that name FILE in an #include (by
# its base name: more than the real includers, never fewer) and are not
# swept sources, following the headers among them to their own
# includers; the first three.
unswept_includers() {
	if [ ! -f "$work/tree-includes" ]; then
		(cd "$src" && grep -rHoE --include='*.[ch]' '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][^">]*[">]' . ) |
			sed -E 's|^\./||; s|:[^"<]*["<]([^">]*)[">]$|\t\1|' >"$work/tree-includes" || true
	fi
	awk -F'\t' -v start="$1" '
		NR == FNR { swept[$1] = 1; next }
		{ n = split($2, p, "/"); by[p[n]] = by[p[n]] "\n" $1 }
		END {
			q[1] = start; seen[start] = 1; nq = 1
			for (i = 1; i <= nq; i++) {
				m = split(q[i], p, "/"); k = split(by[p[m]], inc, "\n")
				for (j = 2; j <= k; j++) {
					f = inc[j]
					if (f in seen) continue
					seen[f] = 1
					if (f in swept) continue
					if (f ~ /\.h$/ && nq < 200) { q[++nq] = f; continue }
					printf "%s ", f
					if (++np == 3) exit
				}
			}
		}' "$work/swept.c" "$work/tree-includes"
}
for h in $(cut -f2 "$work/files.map" | grep -vxF -f "$work/swept.c" || true); do
	n=$(awk -F'\t' -v h="$h" '$2 == h' "$work/includes" | wc -l)
	why=''
	case $h in
	include/* | arch/*/include/*) why="a shared header ($n swept includers; the whole tree's are not known)" ;;
	esac
	[ -n "$why" ] || [ "$n" -le "$max_inc" ] || why="$n swept includers, more than $max_inc"
	if [ -z "$why" ]; then
		# Every file naming it in an #include must be swept (or a header
		# whose own includers are).
		outside=$(unswept_includers "$h")
		[ -z "$outside" ] || why="named in an #include by files the sweep did not compile: $outside"
	fi
	if [ -n "$why" ]; then
		printf '%s\t%s\n' "$h" "$why" >>"$dest/excluded-headers.txt.tmp"
		echo "$h" >>"$work/excluded"
	fi
done
mv "$dest/excluded-headers.txt.tmp" "$dest/excluded-headers.txt"
note "$(wc -l <"$work/files.map") files with fix-its; $(wc -l <"$work/excluded") included files left out (excluded-headers.txt)"

# The log without the left-out headers' fix-its (and their warnings),
# each diagnostic's fix-its once.
awk -F'\t' -v warning="$STYLE_WARNING_RE" 'NR == FNR { ex[$1] = 1; next } FILENAME == ARGV[2] { if ($2 in ex) drop[$1] = 1; next }
	{
		f = $0
		if (f ~ /^fix-it:"/) { sub(/^fix-it:"/, "", f); sub(/":\{.*$/, "", f) }
		else if (f ~ warning) sub(/:[0-9]+:[0-9]+: warning: .*$/, "", f)
		else { print; next }
		if (!(f in drop)) print
	}' "$work/excluded" "$work/files.map" "$out/sweep.log" |
	# A header's diagnostics come once per includer (the sweep gives the
	# plugin no once=): each diagnostic's fix-its (consecutive lines)
	# once, as fix-tree.sh applies all the fix-it lines it is given.
	awk '/^fix-it:"/ { g = g $0 "\n"; next }
		g != "" { if (!seen[g]++) printf "%s", g; g = "" }
		{ print }
		END { if (g != "" && !seen[g]++) printf "%s", g }' >"$work/sweep.log"

# Groups: one per maintainer tree. A file's tree is the first git tree
# that SRC's scripts/get_maintainer.pl --scm names for it (its most
# specific MAINTAINERS sections come first), but Linus's tree, which
# THE REST names for every file; a file with no other tree is grouped
# by its directory (drivers/X, sound/X, fs/X, net/X, arch/X, else the
# top-level directory). Each file's tree is kept in OUT/maintainers
# (get_maintainer.pl takes about half a second a file).
awk -F'\t' 'NR == FNR { ex[$1] = 1; next } !($2 in ex) { print $2 }' "$work/excluded" "$work/files.map" |
	LC_ALL=C sort -u >"$work/kept"
touch "$out/maintainers"
while IFS= read -r f; do
	awk -F'\t' -v f="$f" '$1 == f { found = 1; exit } END { exit !found }' "$out/maintainers" && continue
	t=$(cd "$src" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-email --no-l \
		--no-r --no-s --scm --no-rolestats -f "$f" 2>/dev/null |
		sed -n 's/^git \([^ ]*\).*/\1/p' | grep -v '/torvalds/linux\.git$' | head -n1 || true)
	printf '%s\t%s\n' "$f" "${t:--}" >>"$out/maintainers"
done <"$work/kept"
groups_of "$out/maintainers" "$work/kept" >"$work/groups"
# The record: FILE<TAB>its tree (- for none but Linus's)<TAB>its patch's prefix.
awk -F'\t' 'NR == FNR { t[$1] = $2; next } { print $1 "\t" t[$1] "\t" $2 }' "$out/maintainers" "$work/groups" |
	LC_ALL=C sort >"$dest/maintainers.txt"

# The other architectures' objects (CROSS_SWEEPS): the token proof.
cross_note=''
[ -z "${CROSS_SWEEPS:-}" ] || cross_note="
The objects of other architectures' allmodconfig that include a file it
touches (kbuild/sweep-cross.sh) were preprocessed before and after it
and compared token by token by kbuild/compare-tokens.c: the same
tokens, line numbers only where they moved
(treewide/$version/proof-ARCH.log)."
cat >"$work/message" <<EOF
Proof: every object of the x86_64 allmodconfig (as changed by
kbuild/sweep.config) whose source or included headers this patch
touches was built before and after it, and kbuild/compare-objs.sh
compared each, section by section: the same code and data, and line
numbers only where they are shown to have moved (treewide/$version/proof.log).${cross_note}

Made with the style_plugin project's tools: kbuild/sweep.sh (the
configuration compiled with -fsyntax-only and the plugin, collecting
the fix-its), then kbuild/treewide.sh $version SRC OBJ OUT
treewide/$version, which writes these patches, one per maintainer
tree; headers whose includers the proof cannot all rebuild are left
out (excluded-headers.txt). To make them again: make treewide.

@NOTE@
EOF

# 3. The patches.
mkdir -p "$work/split"
"$here/fix-tree.sh" --log "$work/sweep.log" --split "$work/split" --author "$name <$email>" \
	--groups "$work/groups" --message "$work/message" "$src" "$obj" "$work/all.patch" >"$work/fix-tree.log" 2>&1 ||
	{ cat "$work/fix-tree.log" >&2; die "fix-tree.sh failed"; }
sed 's/^/  /' "$work/fix-tree.log"
rm -f "$dest"/*.patch "$dest/series"
cp "$work"/split/*.patch "$dest/"
(cd "$dest" && ls -- *.patch) >"$dest/series"
mapfile -t patches < <(series_patches "$dest")

# 4. The checks, on the files of a fresh tree.
mapfile -t touched < <(touched_files "${patches[@]}")
extract_files "$version" "$work/orig" "${touched[@]}"
for m in patch git; do
	cp -a "$work/orig" "$work/fresh-$m"
	check_series "$m" "$work/fresh-$m" "${patches[@]}"
done
bad=''
for f in "${touched[@]}"; do
	[ -f "$work/orig/$f" ] || die "$f is not in linux-source-$version"
	cmp -s <(tr -d ' \t\n' <"$work/orig/$f") <(tr -d ' \t\n' <"$work/fresh-patch/$f") || bad="$bad $f"
	cmp -s "$work/fresh-patch/$f" "$work/fresh-git/$f" || bad="$bad $f(patch/git)"
done
[ -z "$bad" ] || die "changed beyond spaces, tabs and newlines:$bad"
stat=$(cat "${patches[@]}" | grep -c '^+[^+]' || true)
{
	echo "treewide/$version: ${#patches[@]} patches, ${#touched[@]} files, $stat added lines"
	echo "applied in series order to the files of a fresh /usr/src/linux-source-$version.tar.xz:"
	echo "  patch -p1 --fuzz=0: ok; git apply: ok (the same result)"
	echo "every touched file is identical to the original with spaces, tabs and newlines removed: ${#touched[@]} of ${#touched[@]}"
	for p in "${patches[@]}"; do
		printf '  %s: %s files, %s\n' "$(basename "$p")" "$(touched_files "$p" | wc -l)" \
			"$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$p")"
	done
} | tee "$dest/check.txt"

# 5. Morton's rule: the work in flight of QUEUE still applies.
rm -f "$dest/queue.txt"
[ -z "${QUEUE:-}" ] || "$here/treewide-queue.sh" "$version" "$dest" "$QUEUE"
