// SPDX-License-Identifier: GPL-2.0
/*
 * interleave - a compiler wrapper that runs every checked compile
 * of a build three times, plain, with the floor plugin and with W=style,
 * one right after the other, and logs the CPU of each (issue 31).
 *
 * Whole builds one after another drift with the machine by 3 to 6% from
 * one to the next, ten times what the plugin costs; three compiles of
 * the same object within a second see the same machine.  Over a whole
 * build the sums of the three are the compiles' CPU of three builds,
 * interleaved object by object.
 *
 * Usage: make W=style CC="interleave gcc" ...
 *   with INTERLEAVE_LOG (the log, appended to) and INTERLEAVE_FLOOR (the
 *   floor plugin, bench/floor.sh) in the environment.
 * A command with -fplugin=.../style_plugin.so (a compile W=style checks)
 * is run three times, in an order chosen by its output's name among the
 * six (each order as often): plain (without the style plugin's options),
 * floor (the floor plugin in its place, the same arguments) and style
 * (as given).  Plain and floor write their object and dependency file
 * beside the real ones, then removed, and their diagnostics go nowhere;
 * the style compile writes the real ones.  Its exit status is returned.
 * Any other command (kbuild's compiler probes, assembler files, links,
 * a compile of standard input, which can be read once) runs as given.
 * Each checked compile appends one line to the log, in one write: its
 * output, the order (p, f, s), and the user+sys CPU of each variant in
 * microseconds (wait4: gcc and all it ran), plain, floor, style, the
 * three exit statuses, then the system CPU of each in microseconds and
 * the page faults of each (minor and major), in the same order: where
 * an extra CPU goes, the kernel's share and the faults behind it.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

enum { PLAIN, FLOOR, STYLE, NR_VARIANTS };

static const char variant_letter[NR_VARIANTS] = { 'p', 'f', 's' };

/* The six orders of the three variants. */
static const int orders[6][NR_VARIANTS] = {
	{ PLAIN, FLOOR, STYLE }, { FLOOR, STYLE, PLAIN }, { STYLE, PLAIN, FLOOR },
	{ PLAIN, STYLE, FLOOR }, { STYLE, FLOOR, PLAIN }, { FLOOR, PLAIN, STYLE },
};

static void die(const char *what)
{
	fprintf(stderr, "interleave: %s: %s\n", what, strerror(errno));
	exit(127);
}

static bool is_style_plugin(const char *arg)
{
	size_t n = strlen(arg);

	return !strncmp(arg, "-fplugin=", 9) && n >= 24 &&
	       !strcmp(arg + n - 15, "style_plugin.so");
}

/* ARG with SUFFIX appended, in new memory. */
static char *with_suffix(const char *arg, const char *suffix)
{
	char *s = (char *)malloc(strlen(arg) + strlen(suffix) + 1);

	if (!s)
		die("malloc");
	strcpy(s, arg);
	strcat(s, suffix);
	return s;
}

/*
 * The command of variant V, from ARGV (ARGC words, the compiler first):
 * its object in *OUT and its dependency file in *DEP (NULL if none).
 */
static char **variant_argv(int v, int argc, char **argv, const char *floor,
			   char **out, char **dep)
{
	char **cmd = (char **)calloc(argc + 1, sizeof(*cmd));
	const char *suffix = v == PLAIN ? ".plain.tmp" : ".floor.tmp";
	int n = 0;

	if (!cmd)
		die("calloc");
	*out = NULL;
	*dep = NULL;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (v == STYLE) {
			cmd[n++] = argv[i];
		} else if (v == PLAIN && (is_style_plugin(a) ||
					  !strncmp(a, "-fplugin-arg-style_plugin-", 26))) {
			continue;	/* the kernel's other plugins stay */
		} else if (is_style_plugin(a)) {
			cmd[n++] = with_suffix("-fplugin=", floor);
		} else if (!strcmp(a, "-o") && i + 1 < argc) {
			cmd[n++] = argv[i++];
			*out = with_suffix(argv[i], suffix);
			cmd[n++] = *out;
		} else if (!strncmp(a, "-Wp,-MMD,", 9) || !strncmp(a, "-Wp,-MD,", 8)) {
			cmd[n++] = with_suffix(a, suffix);
			*dep = cmd[n - 1] + (a[5] == 'M' && a[6] == 'D' ? 8 : 9);
		} else {
			cmd[n++] = argv[i];
		}
	}
	return cmd;
}

/* What wait4 says of a variant's compile. */
struct cost {
	long long us;		/* user + system CPU */
	long long sys_us;	/* system CPU */
	long long faults;	/* page faults, minor and major */
};

/* Run CMD (quiet: its output to /dev/null); its status, its cost in *C. */
static int run(char **cmd, bool quiet, struct cost *c)
{
	struct rusage ru;
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid) {
		if (quiet) {
			int fd = open("/dev/null", O_WRONLY);

			if (fd >= 0) {
				dup2(fd, 1);
				dup2(fd, 2);
			}
		}
		execvp(cmd[0], cmd);
		fprintf(stderr, "interleave: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			die("wait4");
	c->sys_us = ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
	c->us = ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec + c->sys_us;
	c->faults = ru.ru_minflt + ru.ru_majflt;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The order for the object OUT: a hash of its name. */
static int order_of(const char *out)
{
	unsigned int h = 2166136261u;

	for (const char *p = out; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return h % 6;
}

int main(int argc, char **argv)
{
	const char *log = getenv("INTERLEAVE_LOG");
	const char *floor = getenv("INTERLEAVE_FLOOR");
	struct cost c[NR_VARIANTS];
	int status[NR_VARIANTS];
	const char *obj = "?";
	bool checked = false, stdin_in = false;
	char line[4096];
	int o, fd, len;

	if (argc < 2) {
		fprintf(stderr,
			"usage: interleave COMPILER ARGS... (INTERLEAVE_LOG, INTERLEAVE_FLOOR)\n");
		return 2;
	}
	argv++;
	argc--;
	for (int i = 0; i < argc; i++) {
		checked |= is_style_plugin(argv[i]);
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			obj = argv[i + 1];
		/* Standard input can be read once: as given, not measured. */
		stdin_in |= !strcmp(argv[i], "-");
	}
	if (!checked || stdin_in || !log || !floor) {
		execvp(argv[0], argv);
		die(argv[0]);
	}
	o = order_of(obj);
	for (int k = 0; k < NR_VARIANTS; k++) {
		int v = orders[o][k];
		char *out, *dep;
		char **cmd = variant_argv(v, argc, argv, floor, &out, &dep);

		status[v] = run(cmd, v != STYLE, &c[v]);
		if (out)
			unlink(out);
		if (dep)
			unlink(dep);
	}
	len = snprintf(line, sizeof(line),
		       "%s\t%c%c%c\t%lld\t%lld\t%lld\t%d\t%d\t%d\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\n",
		       obj, variant_letter[orders[o][0]], variant_letter[orders[o][1]],
		       variant_letter[orders[o][2]], c[PLAIN].us, c[FLOOR].us, c[STYLE].us,
		       status[PLAIN], status[FLOOR], status[STYLE],
		       c[PLAIN].sys_us, c[FLOOR].sys_us, c[STYLE].sys_us,
		       c[PLAIN].faults, c[FLOOR].faults, c[STYLE].faults);
	fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0 || len <= 0 || len >= (int)sizeof(line) || write(fd, line, len) != len)
		die(log);
	close(fd);
	return status[STYLE];
}
