#!/usr/bin/env bash
# qemu/boot.sh - boot a kernel + initramfs in QEMU (TCG, serial console) and
# check that /init printed its marker and ended the machine (power-off,
# or on x86_64 a reset, which -no-reboot turns into QEMU's exit).
#
# Usage: qemu/boot.sh BZIMAGE INITRAMFS [LOGFILE]
#   LOGFILE defaults to BZIMAGE's directory/boot.log.
# Passes only if the console log contains the marker line (STYLE-BOOT-OK)
# AND qemu exits 0 (guest powered off or reset) before the timeout.  A guest that
# halts, hangs or panics fails and the console log tail is printed.
# Environment:
#   BOOT_TIMEOUT  seconds before the guest is killed (default 120)
#   BOOT_EXPECT   extra text the marker line must contain, e.g. release=6.1.192
#   BOOT_VERBOSE  1 = also stream the console to stdout
#   BOOT_MEM      guest memory (default 256M)
#   BOOT_APPEND   extra kernel command line arguments
#   ARCH          x86_64 (default), arm64 or riscv: the QEMU machine, CPU
#                 and console of scripts/lib.sh's kernel_arch
#   QEMU          qemu binary (default qemu-system-x86_64, -aarch64, -riscv64)
set -euo pipefail

marker=STYLE-BOOT-OK
prog=boot.sh
# shellcheck source=scripts/lib.sh disable=SC1091
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 BZIMAGE INITRAMFS [LOGFILE]" >&2
	exit 2
fi
bz=$1 initrd=$2
log=${3:-$(dirname "$bz")/boot.log}
[ -f "$bz" ] || die "kernel image '$bz' not found"
[ -f "$initrd" ] || die "initramfs '$initrd' not found"
kernel_arch "${ARCH:-x86_64}"
qemu=${QEMU:-$karch_qemu}
command -v "$qemu" >/dev/null || die "'$qemu' not found (Debian packages: $karch_pkgs)"
command -v timeout >/dev/null || die "timeout not found (coreutils)"
tmo=${BOOT_TIMEOUT:-120}
case $tmo in
'' | *[!0-9]*) die "BOOT_TIMEOUT must be a number of seconds, got '$tmo'" ;;
esac
mkdir -p "$(dirname "$log")"

# panic=-1: reboot at once on panic, which -no-reboot turns into an exit.
# karch_append: what /init needs of the arch (x86_64: STYLE_EXIT=reboot,
# qemu/init.c; an unknown NAME=VALUE goes to init's environment).
append="console=$karch_console panic=-1 oops=panic rdinit=/init${karch_append:+ $karch_append}${BOOT_APPEND:+ $BOOT_APPEND}"
read -ra machine <<<"$karch_machine"
cmd=("$qemu" -accel tcg "${machine[@]}" -m "${BOOT_MEM:-256M}" -smp 1
	-nographic -no-reboot -serial stdio -monitor none
	-kernel "$bz" -initrd "$initrd" -append "$append")

echo "boot.sh: booting $bz (TCG, timeout ${tmo}s, log: $log)"
start=$(date +%s.%N)
set +e
if [ "${BOOT_VERBOSE:-0}" = 1 ]; then
	timeout -k 5 "$tmo" "${cmd[@]}" </dev/null 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
else
	timeout -k 5 "$tmo" "${cmd[@]}" </dev/null >"$log" 2>&1
	rc=$?
fi
set -e
secs=$(echo "$(date +%s.%N) - $start" | bc)
secs=$(printf '%.1f' "$secs")

# The console uses CRLF line ends; strip CRs for matching and display.
line=$(tr -d '\r' <"$log" | grep -m1 "^$marker " || true)
why=
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	if tr -d '\r' <"$log" | grep -q 'reboot: System halted'; then
		why="timed out after ${tmo}s: guest halted instead of ending QEMU (power-off without ACPI? qemu/init.c)"
	else
		why="timed out after ${tmo}s (guest hung)"
	fi
elif [ "$rc" != 0 ]; then
	why="qemu exited with status $rc"
elif tr -d '\r' <"$log" | grep -q 'Kernel panic'; then
	why="kernel panicked"
elif [ -z "$line" ]; then
	why="marker '$marker' not found in the console log"
elif [ -n "${BOOT_EXPECT:-}" ] && [[ $line != *"$BOOT_EXPECT"* ]]; then
	why="marker line does not contain '$BOOT_EXPECT'"
fi

if [ -n "$why" ]; then
	if [ "${BOOT_VERBOSE:-0}" != 1 ]; then
		echo "----- last 40 lines of $log -----" >&2
		tr -d '\r' <"$log" | tail -n 40 >&2
		echo "-----" >&2
	fi
	echo "boot.sh: FAIL: $why (after ${secs}s)" >&2
	exit 1
fi
echo "boot.sh: $line"
echo "boot.sh: PASS: guest printed the marker and ended QEMU in ${secs}s"
