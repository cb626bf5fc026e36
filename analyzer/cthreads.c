/*
 * cthreads.c -- starting the helpers that work beside their caller.
 *
 * Linux places a new thread by the recent load of the CPUs, and a CPU
 * that was busy a moment ago still looks loaded: a helper made right
 * after other threads ended was queued on its caller's CPU while the
 * other one idled, and ran only when the caller blocked (the findings'
 * sort at -j 2: its second half started as the first ended in 4 of 6
 * runs; a test helper waited 1.4-3.9 ms for the CPU).  Started on
 * another CPU, a helper ran within 0.1 ms every time.  So a helper may
 * start on any CPU but its caller's (the kernel picks one of them), and
 * once running it may go anywhere.
 */
#define _GNU_SOURCE /* sched_getcpu, pthread_attr_setaffinity_np */
#include "config.h"
#include "analyzer/cthreads.h"

#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__) && defined(__GLIBC__)
#include <pthread.h>
#include <sched.h>
#define PL_SPAWN_ELSEWHERE 1
#endif

#ifdef PL_SPAWN_ELSEWHERE
_Static_assert(sizeof(thrd_t) == sizeof(pthread_t), "thrd_t is a pthread_t");

struct spawn {
	thrd_start_t fn;
	void *arg;
	cpu_set_t all; /* the CPUs the caller may use */
};

static void *spawned(void *p)
{
	struct spawn s = *(struct spawn *)p;

	free(p);
	sched_setaffinity(0, sizeof(s.all), &s.all);
	return (void *)(intptr_t)s.fn(s.arg);
}
#endif

int pl_thrd_spawn(thrd_t *t, thrd_start_t fn, void *arg)
{
#ifdef PL_SPAWN_ELSEWHERE
	struct spawn *s = malloc(sizeof(*s));
	int cpu = sched_getcpu();

	if (s && cpu >= 0 && sched_getaffinity(0, sizeof(s->all), &s->all) == 0 &&
	    CPU_ISSET(cpu, &s->all) && CPU_COUNT(&s->all) > 1) {
		cpu_set_t others = s->all;
		pthread_attr_t at;
		CPU_CLR(cpu, &others);
		s->fn = fn;
		s->arg = arg;
		if (pthread_attr_init(&at) == 0) {
			int rc = pthread_attr_setaffinity_np(&at, sizeof(others), &others);
			if (rc == 0)
				rc = pthread_create((pthread_t *)t, &at, spawned, s);
			pthread_attr_destroy(&at);
			if (rc == 0)
				return thrd_success;
		}
	}
	free(s);
#endif
	return thrd_create(t, fn, arg);
}
