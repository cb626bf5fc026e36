/*
 * regex.h -- the one door to PCRE2 (STYLE.md: one file per external
 * library).  Compiled patterns live outside the arena (pl_xmalloc'd by
 * PCRE2's allocator hooks) and are released with pl_regex_free.
 *
 * Every match runs under a match limit and a depth limit, because the
 * subjects are user input (C++ predicate text from .td files): a
 * pathological subject makes pl_regex_match return PL_REGEX_ELIMIT, never
 * hang.
 */
#ifndef PL_REGEX_H
#define PL_REGEX_H

#include <stddef.h>

struct pl_regex;

#define PL_REGEX_MATCH_LIMIT 100000u /* backtracking steps per match */
#define PL_REGEX_DEPTH_LIMIT 1000u   /* nested backtracking depth per match */
#define PL_REGEX_MAX_CAPS 8          /* capture groups reported (0 = whole match) */

enum { PL_REGEX_ELIMIT = -2, PL_REGEX_EBAD = -1 };

/* One capture: [begin, end) byte offsets, begin == -1 when unset. */
struct pl_regex_cap {
	long begin, end;
};

/* Compile pattern (PCRE2 syntax, anchored at both ends when anchored is
 * nonzero).  Returns 0 and *out, or PL_REGEX_EBAD after writing the PCRE2
 * message to errbuf (may be NULL). */
int pl_regex_compile(struct pl_regex **out, const char *pattern, int anchored, char *errbuf,
                     size_t errlen);

/* Match subject[0..len).  Returns 1 on a match (caps[0..ncaps) filled,
 * ncaps <= PL_REGEX_MAX_CAPS), 0 on none, PL_REGEX_ELIMIT when a limit was
 * hit, PL_REGEX_EBAD on another PCRE2 error. */
int pl_regex_match(const struct pl_regex *re, const char *subject, size_t len,
                   struct pl_regex_cap *caps, unsigned ncaps);

void pl_regex_free(struct pl_regex *re);

#endif /* PL_REGEX_H */
