/*
 * measure.c -- run a command several times and print its median wall time
 * and peak resident set size (benchmark helper for `make bench`).
 *
 *   measure [-r RUNS] [-o OUTFILE] -- COMMAND [ARG]... [--- COMMAND2 [ARG]...]
 *   measure --spin N
 *
 * Prints "MEDIAN_MS PEAK_RSS_KB EXIT MEDIAN_CPU_MS" on one line (CPU =
 * user + system time of the command, steadier than wall time on a loaded
 * machine).  The command's stdout goes to OUTFILE (default /dev/null) and
 * its stderr to /dev/null.  With a second command after "---" the two run
 * in turn (first, second, first, ...) and a second line gives the second's
 * figures: on a shared machine whose speed drifts over minutes, runs taken
 * in turn see the same drift, where all of one command's runs and then all
 * of the other's did not.
 *
 * --spin N only keeps a core busy for N million turns of a loop that
 * touches no memory, and exits 0: two at once against one (bench.sh)
 * tell whether the host gives the machine's cores whole, apart from
 * what the caches and memory the cores share cost.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

struct cmd {
	char **argv;     /* NULL-terminated */
	double *ms, *cpu; /* per run */
	long peak;       /* largest ru_maxrss, KiB */
	int last_exit;
};

/* Run c once (run r): time it, keep its figures.  -1 when it cannot. */
static int run_once(struct cmd *c, int r, const char *outfile)
{
	struct timespec t0, t1;
	struct rusage ru;
	int st;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		return -1;
	}
	if (pid == 0) {
		int out = open(outfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int null = open("/dev/null", O_WRONLY);
		if (out >= 0)
			dup2(out, 1);
		if (null >= 0)
			dup2(null, 2);
		execvp(c->argv[0], c->argv);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) < 0) {
		perror("wait4");
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	c->ms[r] = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	c->cpu[r] = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	            (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	if (ru.ru_maxrss > c->peak)
		c->peak = ru.ru_maxrss;
	c->last_exit = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return 0;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(double), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A loop the compiler cannot drop and the memory never sees. */
static int spin(long millions)
{
	volatile unsigned long acc = 0;
	unsigned long x = 1;

	for (long k = 0; k < millions * 1000000L; k++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	acc = x; /* the result is kept, so the loop is run */
	(void)acc;
	return 0;
}

int main(int argc, char **argv)
{
	int runs = 5, i = 1;

	if (argc == 3 && strcmp(argv[1], "--spin") == 0)
		return spin(atol(argv[2]));
	const char *outfile = "/dev/null";
	struct cmd cmds[2] = {{0}};
	int ncmds = 1;

	for (; i < argc; i++) {
		if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
			runs = atoi(argv[++i]);
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			outfile = argv[++i];
		else if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else
			break;
	}
	if (i >= argc || runs < 1 || strcmp(argv[i], "---") == 0) {
		fprintf(stderr, "usage: measure [-r RUNS] [-o OUTFILE] -- COMMAND [ARG]... [--- COMMAND2 [ARG]...]\n"
		                "       measure --spin MILLIONS\n");
		return 2;
	}
	cmds[0].argv = argv + i;
	for (int k = i; k < argc; k++) {
		if (strcmp(argv[k], "---") == 0) {
			argv[k] = NULL; /* ends the first command */
			if (k + 1 >= argc) {
				fprintf(stderr, "measure: no command after ---\n");
				return 2;
			}
			cmds[1].argv = argv + k + 1;
			ncmds = 2;
			break;
		}
	}
	for (int c = 0; c < ncmds; c++) {
		cmds[c].ms = calloc((size_t)runs, sizeof(double));
		cmds[c].cpu = calloc((size_t)runs, sizeof(double));
		if (!cmds[c].ms || !cmds[c].cpu) {
			perror("calloc");
			return 2;
		}
	}
	for (int r = 0; r < runs; r++)
		for (int c = 0; c < ncmds; c++)
			if (run_once(&cmds[c], r, outfile) < 0)
				return 2;
	for (int c = 0; c < ncmds; c++) {
		printf("%.3f %ld %d %.3f\n", median(cmds[c].ms, runs), cmds[c].peak, cmds[c].last_exit,
		       median(cmds[c].cpu, runs));
		free(cmds[c].ms);
		free(cmds[c].cpu);
	}
	return 0;
}
