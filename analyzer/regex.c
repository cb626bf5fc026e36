/*
 * regex.c -- PCRE2 wrapper (see regex.h).  The only file that includes
 * pcre2.h; it sets the match and depth limits on every match.
 */
#include "config.h"
#include "regex.h"
#include "util.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdio.h>
#include <stdlib.h>

struct pl_regex {
	pcre2_code *code;              /* compiled pattern */
	pcre2_match_context *mctx;     /* limits */
};

int pl_regex_compile(struct pl_regex **out, const char *pattern, int anchored, char *errbuf,
                     size_t errlen)
{
	int err = 0;
	PCRE2_SIZE off = 0;
	uint32_t opts = anchored ? (PCRE2_ANCHORED | PCRE2_ENDANCHORED) : 0;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts, &err,
	                                 &off, NULL);

	*out = NULL;
	if (!code) {
		if (errbuf && errlen) {
			PCRE2_UCHAR msg[256];
			pcre2_get_error_message(err, msg, sizeof msg);
			snprintf(errbuf, errlen, "offset %zu: %s", (size_t)off, (const char *)msg);
		}
		return PL_REGEX_EBAD;
	}
	struct pl_regex *re = pl_xmalloc(sizeof *re);
	re->code = code;
	re->mctx = pcre2_match_context_create(NULL);
	if (!re->mctx)
		abort();
	pcre2_set_match_limit(re->mctx, PL_REGEX_MATCH_LIMIT);
	pcre2_set_depth_limit(re->mctx, PL_REGEX_DEPTH_LIMIT);
	*out = re;
	return 0;
}

int pl_regex_match(const struct pl_regex *re, const char *subject, size_t len,
                   struct pl_regex_cap *caps, unsigned ncaps)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re->code, NULL);
	int rc, ret;

	if (!md)
		abort();
	rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, 0, md, re->mctx);
	if (rc >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		uint32_t n = pcre2_get_ovector_count(md);
		if (ncaps > PL_REGEX_MAX_CAPS)
			ncaps = PL_REGEX_MAX_CAPS;
		for (unsigned i = 0; i < ncaps; i++) {
			if (i < n && ov[2 * i] != PCRE2_UNSET) {
				caps[i].begin = (long)ov[2 * i];
				caps[i].end = (long)ov[2 * i + 1];
			} else {
				caps[i].begin = caps[i].end = -1;
			}
		}
		ret = 1;
	} else if (rc == PCRE2_ERROR_NOMATCH) {
		ret = 0;
	} else if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT) {
		ret = PL_REGEX_ELIMIT;
	} else {
		ret = PL_REGEX_EBAD;
	}
	pcre2_match_data_free(md);
	return ret;
}

void pl_regex_free(struct pl_regex *re)
{
	if (!re)
		return;
	pcre2_match_context_free(re->mctx);
	pcre2_code_free(re->code);
	free(re);
}
