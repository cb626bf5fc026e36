/*
 * measure.c -- run a command several times and print its median wall time
 * and peak resident set size (benchmark helper for `make bench`).
 *
 *   measure [-r RUNS] [-o OUTFILE] -- COMMAND [ARG]...
 *
 * Prints "MEDIAN_MS PEAK_RSS_KB EXIT MEDIAN_CPU_MS" on one line (CPU =
 * user + system time of the command, steadier than wall time on a loaded
 * machine).  The command's stdout
 * goes to OUTFILE (default /dev/null) and its stderr to /dev/null.
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

int main(int argc, char **argv)
{
	int runs = 5, i = 1, last_exit = 0;
	const char *outfile = "/dev/null";
	long peak = 0;

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
	if (i >= argc || runs < 1) {
		fprintf(stderr, "usage: measure [-r RUNS] [-o OUTFILE] -- COMMAND [ARG]...\n");
		return 2;
	}
	double *ms = calloc((size_t)runs, sizeof(double));
	double *cpu = calloc((size_t)runs, sizeof(double));
	for (int r = 0; r < runs; r++) {
		struct timespec t0, t1;
		struct rusage ru;
		int st;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		pid_t pid = fork();
		if (pid < 0) {
			perror("fork");
			return 2;
		}
		if (pid == 0) {
			int out = open(outfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			int null = open("/dev/null", O_WRONLY);
			if (out >= 0)
				dup2(out, 1);
			if (null >= 0)
				dup2(null, 2);
			execvp(argv[i], argv + i);
			_exit(127);
		}
		if (wait4(pid, &st, 0, &ru) < 0) {
			perror("wait4");
			return 2;
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ms[r] = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
		cpu[r] = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
		         (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
		if (ru.ru_maxrss > peak)
			peak = ru.ru_maxrss;
		last_exit = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	qsort(ms, (size_t)runs, sizeof(double), cmp_double);
	qsort(cpu, (size_t)runs, sizeof(double), cmp_double);
	double med = runs % 2 ? ms[runs / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
	double cmed = runs % 2 ? cpu[runs / 2] : (cpu[runs / 2 - 1] + cpu[runs / 2]) / 2;
	printf("%.3f %ld %d %.3f\n", med, peak, last_exit, cmed);
	free(ms);
	free(cpu);
	return 0;
}
