// SPDX-License-Identifier: GPL-2.0
/*
 * hwm.c - peak RSS of a compile, read from the kernel exactly.
 *
 * /usr/bin/time -v reports getrusage's ru_maxrss, which this machine's
 * kernel keeps from per-CPU counters read approximately: cc1's peak came
 * out anywhere in 200 KB (0.3% of a small kernel unit) from one run to
 * the next.  /proc/self/status's VmHWM, read by the process itself as it
 * exits (this library's destructor, loaded with LD_PRELOAD), is summed
 * exactly: the same run after run.
 *
 * Usage: HWM_OUT=FILE LD_PRELOAD=hwm.so PROGRAM...: for cc1 only (other
 * programs of a gcc run are left alone), writes "VmHWM: N kB" to FILE.
 * Build: gcc -O2 -shared -fPIC -o hwm.so hwm.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((destructor)) static void hwm_write(void)
{
	const char *out = getenv("HWM_OUT");
	char exe[4096], line[256];
	ssize_t n;
	FILE *in, *f;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (!out || n <= 0)
		return;
	exe[n] = '\0';
	if (strcmp(strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe, "cc1"))
		return;
	in = fopen("/proc/self/status", "r");
	f = fopen(out, "w");
	while (in && f && fgets(line, sizeof(line), in))
		if (!strncmp(line, "VmHWM:", 6))
			fputs(line, f);
	if (f)
		fclose(f);
	if (in)
		fclose(in);
}
