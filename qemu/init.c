// SPDX-License-Identifier: GPL-2.0
/*
 * init.c - tiny /init for the QEMU boot test.
 *
 * Prints one marker line with the running kernel's uname data, e.g.
 *   STYLE-BOOT-OK release=6.1.192 version=#1 Mon Jan  1 00:00:00 UTC 2024 machine=x86_64
 * to the console, then powers the machine off with reboot(RB_POWER_OFF),
 * or resets it with reboot(RB_AUTOBOOT) if the kernel's command line
 * gave it STYLE_EXIT=reboot in its environment (x86_64 without ACPI,
 * whose power-off only halts; QEMU's -no-reboot exits on the reset).
 *
 * Build (static, no runtime deps): gcc -static -Os -o /tmp/out/init init.c
 * (qemu/initramfs.sh does this and packs it as /init into a newc cpio).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#define MARKER "STYLE-BOOT-OK"

/* Make sure fds 0-2 point at the console, creating /dev/console if needed. */
static void open_console(void)
{
	int fd;

	if (fcntl(1, F_GETFD) != -1)
		return;
	mkdir("/dev", 0755);
	if (mknod("/dev/console", S_IFCHR | 0600, makedev(5, 1)) && errno != EEXIST)
		return;
	fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

static void write_all(const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(1, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

int main(void)
{
	const char *how = getenv("STYLE_EXIT");
	struct utsname u;
	char line[512];
	int len;

	open_console();
	if (uname(&u) == 0)
		len = snprintf(line, sizeof(line),
			       "\n" MARKER " release=%s version=%s machine=%s\n",
			       u.release, u.version, u.machine);
	else
		len = snprintf(line, sizeof(line),
			       "\nSTYLE-BOOT-FAIL uname: %s\n", strerror(errno));
	if (len > 0)
		write_all(line, (size_t)len < sizeof(line) ? (size_t)len : sizeof(line) - 1);

	sync();
	reboot(how && !strcmp(how, "reboot") ? RB_AUTOBOOT : RB_POWER_OFF);
	/* Only reached if the call failed; init must not exit (panic). */
	len = snprintf(line, sizeof(line), "STYLE-BOOT-FAIL reboot: %s\n", strerror(errno));
	if (len > 0)
		write_all(line, (size_t)len < sizeof(line) ? (size_t)len : sizeof(line) - 1);
	for (;;)
		pause();
}
