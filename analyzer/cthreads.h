/*
 * cthreads.h -- the C11 threads patlint uses (thrd_*, mtx_*, cnd_*,
 * call_once): <threads.h>, except in a ThreadSanitizer build (configure
 * --enable-tsan), where they are the POSIX calls glibc builds them on.
 * TSan intercepts pthread_create and the pthread locks, but glibc's
 * thrd_create, mtx_lock and cnd_wait reach its internals directly: TSan
 * then crashed in threads it had not seen start and would not have known
 * the locks.  Include it where <threads.h> would be, after the feature
 * macros.
 */
#ifndef PL_CTHREADS_H
#define PL_CTHREADS_H

#include <threads.h>

#ifdef PL_TSAN
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

/* glibc's C11 types are its POSIX ones under other names */
_Static_assert(sizeof(thrd_t) == sizeof(pthread_t), "thrd_t is a pthread_t");
_Static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t), "mtx_t is a pthread_mutex_t");
_Static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t), "cnd_t is a pthread_cond_t");
_Static_assert(sizeof(once_flag) == sizeof(pthread_once_t), "once_flag is a pthread_once_t");

struct pl_tsan_start {
	thrd_start_t fn;
	void *arg;
};

static inline void *pl_tsan_run(void *p)
{
	struct pl_tsan_start s = *(struct pl_tsan_start *)p;

	free(p);
	return (void *)(intptr_t)s.fn(s.arg);
}

static inline int pl_tsan_thrd_create(thrd_t *t, thrd_start_t fn, void *arg)
{
	struct pl_tsan_start *s = malloc(sizeof(*s));

	if (!s)
		return thrd_nomem;
	s->fn = fn;
	s->arg = arg;
	if (pthread_create((pthread_t *)t, NULL, pl_tsan_run, s) != 0) {
		free(s);
		return thrd_error;
	}
	return thrd_success;
}

static inline int pl_tsan_thrd_join(thrd_t t, int *res)
{
	void *r;

	if (pthread_join((pthread_t)t, &r) != 0)
		return thrd_error;
	if (res)
		*res = (int)(intptr_t)r;
	return thrd_success;
}

static inline int pl_tsan_ok(int posix_rc)
{
	return posix_rc == 0 ? thrd_success : thrd_error;
}

/* only plain mutexes are used */
#define thrd_create pl_tsan_thrd_create
#define thrd_join pl_tsan_thrd_join
#define mtx_init(m, type) pl_tsan_ok(pthread_mutex_init((pthread_mutex_t *)(m), NULL))
#define mtx_lock(m) pl_tsan_ok(pthread_mutex_lock((pthread_mutex_t *)(m)))
#define mtx_trylock(m) (pthread_mutex_trylock((pthread_mutex_t *)(m)) == 0 ? thrd_success : thrd_busy)
#define mtx_unlock(m) pl_tsan_ok(pthread_mutex_unlock((pthread_mutex_t *)(m)))
#define mtx_destroy(m) ((void)pthread_mutex_destroy((pthread_mutex_t *)(m)))
#define cnd_init(c) pl_tsan_ok(pthread_cond_init((pthread_cond_t *)(c), NULL))
#define cnd_wait(c, m) pl_tsan_ok(pthread_cond_wait((pthread_cond_t *)(c), (pthread_mutex_t *)(m)))
#define cnd_broadcast(c) pl_tsan_ok(pthread_cond_broadcast((pthread_cond_t *)(c)))
#define cnd_signal(c) pl_tsan_ok(pthread_cond_signal((pthread_cond_t *)(c)))
#define cnd_destroy(c) ((void)pthread_cond_destroy((pthread_cond_t *)(c)))
#define call_once(flag, fn) ((void)pthread_once((pthread_once_t *)(flag), (fn)))
#endif /* PL_TSAN */

/* thrd_create for a thread that works beside its caller: where the
 * process may use more than one CPU, it starts on one other than the
 * caller's (cthreads.c), then may run on any. */
int pl_thrd_spawn(thrd_t *t, thrd_start_t fn, void *arg);

#endif /* PL_CTHREADS_H */
