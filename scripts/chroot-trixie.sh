#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# chroot-trixie.sh - a Debian 13 (trixie) chroot with GCC 13 and 14, for
# the gcc13 and gcc14 stages of scripts/check.sh
#
# Usage: scripts/chroot-trixie.sh create
#        scripts/chroot-trixie.sh run COMMAND [ARG...]
#        scripts/chroot-trixie.sh path
#
#   create  make the chroot under build/ (CHROOT_TRIXIE, default
#           <repo>/build/chroot-trixie) unless a complete one is there:
#           debootstrap --variant=minbase from the Debian mirror this
#           machine's apt sources name, then apt-get install in it GCC 13
#           and 14 with their plugin headers and what the tests need.
#           A half-made chroot is never reused: it is made in DIR.new,
#           renamed when complete.
#   run     create, then run COMMAND in it, as root, with /proc, /sys,
#           /dev and the repository (at its own path, so absolute paths
#           work) mounted; the mounts live in a mount namespace of their
#           own (unshare -m) and go away with COMMAND.  The environment
#           is kept but PATH.
#   path    print the chroot's directory.
#
# As root (debootstrap, chroot, mount); needs debootstrap and unshare
# (scripts/deps.sh chroot).

set -euo pipefail

# shellcheck disable=SC2034 # used by scripts/lib.sh
prog=chroot-trixie.sh
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

root=${CHROOT_TRIXIE:-$top/build/chroot-trixie}
# What the stages run in it: the plugin and its tests for GCC 13 and 14
# (gfortran: the plugin loaded into f951; python3 and jq read the JSON
# and SARIF outputs; libicu for the SARIF validator), GCC 12 (Debian
# 13's) for the cross-load check of the gcc14 stage, and a kernel's
# build.
packages=(gcc-13 g++-13 gfortran-13 gcc-13-plugin-dev
	  gcc-14 g++-14 gfortran-14 gcc-14-plugin-dev
	  gcc-12 g++-12 gcc-12-plugin-dev
	  make dejagnu perl jq python3 diffutils file libicu76
	  flex bison bc libelf-dev libssl-dev cpio xz-utils patch strace time)

# mirror: the first URI of this machine's apt sources that serves its
# own release's main suite (the Debian archive, not security or a
# third party's repository), from the one-line and deb822 formats.
mirror() {
	local codename f

	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$codename" ] || die "no VERSION_CODENAME in /etc/os-release"
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
		 /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		case $f in
		*.sources)
			awk -v c="$codename" '
				function flush() {
					if (deb && uri != "" && (" " suites " ") ~ (" " c " "))
						print uri
					deb = 0; uri = ""; suites = ""
				}
				/^[ \t]*$/ { flush(); next }
				/^Types:/ { deb = ($0 ~ /[ \t]deb([ \t]|$)/) }
				/^URIs:/ { uri = $2 }
				/^Suites:/ { $1 = ""; suites = $0 }
				END { flush() }' "$f" ;;
		*)
			awk -v c="$codename" '
				$1 == "deb" {
					i = 2
					if ($i ~ /^\[/)
						while ($i !~ /\]$/) i++
					if ($i ~ /^\[/ || $i ~ /\]$/) i++
					if ($(i + 1) == c) print $i
				}' "$f" ;;
		esac
	done | head -n 1
}

create() {
	local m new=$root.new want

	want="${packages[*]}"
	if [ -f "$root/.style-complete" ] &&
	   [ "$(cat "$root/.style-complete")" = "$want" ]; then
		return 0
	fi
	[ "$(id -u)" -eq 0 ] || die "making the chroot needs root"
	# A complete chroot made with another package list gets the
	# packages it lacks.
	if [ -f "$root/.style-complete" ]; then
		note "apt-get install in $root: $want"
		install "$root" > "$root.log" 2>&1 ||
			die_log "$root.log" "apt-get install in the chroot failed"
		echo "$want" > "$root/.style-complete"
		rm -f "$root.log"
		return 0
	fi
	command -v debootstrap >/dev/null ||
		die "debootstrap is not installed (scripts/deps.sh chroot)"
	m=$(mirror)
	[ -n "$m" ] || die "no Debian mirror in /etc/apt/sources.list{,.d/}"
	# Nothing is mounted in it (run's mounts are in their own
	# namespace), so an old or half-made one is removed as it is.
	rm -rf "$new" "$root"
	mkdir -p "$(dirname "$root")"
	note "debootstrap trixie from $m into $new"
	debootstrap --variant=minbase trixie "$new" "$m" > "$new.log" 2>&1 ||
		die_log "$new.log" "debootstrap failed"
	cp /etc/resolv.conf "$new/etc/resolv.conf"
	note "apt-get install $want"
	install "$new" >> "$new.log" 2>&1 ||
		die_log "$new.log" "apt-get install in the chroot failed"
	echo "$want" > "$new/.style-complete"
	mv "$new" "$root"
	rm -f "$new.log"
}

# install DIR: apt-get install the packages in the chroot DIR.
install() {
	in_chroot "$1" sh -c "apt-get update -q &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends ${packages[*]} && apt-get clean"
}

# in_chroot DIR COMMAND...: COMMAND in DIR with /proc, /sys, /dev and
# the repository mounted, in a mount namespace that ends with it.
in_chroot() {
	local dir=$1

	shift
	unshare --mount --propagation private -- sh -c '
		dir=$1 top=$2 cwd=$3
		shift 3
		mkdir -p "$dir$top"
		mount -t proc proc "$dir/proc" &&
		mount -t sysfs sysfs "$dir/sys" &&
		mount --rbind /dev "$dir/dev" &&
		mount --bind "$top" "$dir$top" || exit 1
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			exec chroot "$dir" sh -c "cd \"\$1\" 2>/dev/null || cd /; shift; exec \"\$@\"" \
			sh "$cwd" "$@"' sh "$dir" "$top" "$PWD" "$@"
}

case ${1:-} in
create) create ;;
run)
	shift
	[ $# -gt 0 ] || die "usage: $0 run COMMAND [ARG...]"
	create
	in_chroot "$root" "$@" ;;
path) echo "$root" ;;
*) die "usage: $0 create | run COMMAND [ARG...] | path" ;;
esac
