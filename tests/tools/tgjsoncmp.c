/*
 * tgjsoncmp.c -- compare two `--dump-json` record dumps record by record
 * and field by field (test tool for the peer agreement suite).
 *
 *   tgjsoncmp [-q] [-n MAX] EXPECTED.json ACTUAL.json
 *
 * Anonymous records (anonymous_N) are renamed on each side by their rank
 * in numeric order, so two dumps that create the same anonymous records in
 * the same order compare equal even when the counters start differently.
 * Prints "records: SAME/TOTAL, instanceof: SAME/TOTAL" (the second counts
 * classes whose !instanceof list agrees) and up to MAX differences
 * (default 5);
 * exits 0 when every record of EXPECTED is identical in ACTUAL and ACTUAL
 * has no extra record, 1 otherwise, 2 on unreadable input.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct anon_map {
	long *nums;     /* sorted anonymous numbers of one side */
	size_t n;
};

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return x < y ? -1 : x > y;
}

static void build_map(struct anon_map *m, json_object *root)
{
	size_t cap = 64;

	m->n = 0;
	m->nums = malloc(cap * sizeof(long));
	json_object_object_foreach(root, key, val) {
		(void)val;
		if (strncmp(key, "anonymous_", 10) != 0)
			continue;
		if (m->n == cap)
			m->nums = realloc(m->nums, (cap *= 2) * sizeof(long));
		m->nums[m->n++] = strtol(key + 10, NULL, 10);
	}
	qsort(m->nums, m->n, sizeof(long), cmp_long);
}

static long rank_of(const struct anon_map *m, long num)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->nums[mid] < num)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->n && m->nums[lo] == num ? (long)lo : -1 - num;
}

/* s with every anonymous_N replaced by anon#RANK; caller frees. */
static char *normalize(const char *s, const struct anon_map *m)
{
	size_t len = strlen(s), cap = len + 64, o = 0;
	char *out = malloc(cap);

	for (size_t i = 0; i < len;) {
		if (strncmp(s + i, "anonymous_", 10) == 0 && s[i + 10] >= '0' && s[i + 10] <= '9' &&
		    (i == 0 || !(s[i - 1] == '_' || (s[i - 1] >= 'a' && s[i - 1] <= 'z') ||
		                 (s[i - 1] >= 'A' && s[i - 1] <= 'Z') || (s[i - 1] >= '0' && s[i - 1] <= '9')))) {
			char *end;
			long num = strtol(s + i + 10, &end, 10);
			char tmp[48];
			int n = snprintf(tmp, sizeof(tmp), "anon#%ld", rank_of(m, num));
			if (o + (size_t)n + 1 >= cap)
				out = realloc(out, cap = cap * 2 + (size_t)n);
			memcpy(out + o, tmp, (size_t)n);
			o += (size_t)n;
			i = (size_t)(end - s);
			continue;
		}
		if (o + 2 >= cap)
			out = realloc(out, cap *= 2);
		out[o++] = s[i++];
	}
	out[o] = '\0';
	return out;
}

/* json_object_from_file with a nesting limit deep enough for nested dags
 * (json-c's default of 32 is not). */
static json_object *read_json(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	json_object *obj = NULL;

	if (!f)
		return NULL;
	do {
		if (cap - len < 65536)
			buf = realloc(buf, cap = cap * 2 + 65536);
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	struct json_tokener *tok = json_tokener_new_ex(10000);
	if (tok && len)
		obj = json_tokener_parse_ex(tok, buf, (int)len);
	if (tok && json_tokener_get_error(tok) != json_tokener_success) {
		json_object_put(obj);
		obj = NULL;
	}
	json_tokener_free(tok);
	free(buf);
	return obj;
}

static int equal(json_object *a, json_object *b, const struct anon_map *ma,
                 const struct anon_map *mb, char *path, size_t pathcap);

static int equal_str(const char *x, const char *y, const struct anon_map *ma,
                     const struct anon_map *mb)
{
	if (!strstr(x, "anonymous_") && !strstr(y, "anonymous_"))
		return strcmp(x, y) == 0;
	char *nx = normalize(x, ma), *ny = normalize(y, mb);
	int eq = strcmp(nx, ny) == 0;
	free(nx);
	free(ny);
	return eq;
}

static void path_push(char *path, size_t cap, const char *seg)
{
	size_t l = strlen(path);
	snprintf(path + l, cap - l, "%s", seg);
}

static int equal(json_object *a, json_object *b, const struct anon_map *ma,
                 const struct anon_map *mb, char *path, size_t pathcap)
{
	enum json_type ta = json_object_get_type(a), tb = json_object_get_type(b);
	size_t plen = strlen(path);
	char seg[256];

	if (ta != tb)
		return 0;
	switch (ta) {
	case json_type_null:
		return 1;
	case json_type_boolean:
		return json_object_get_boolean(a) == json_object_get_boolean(b);
	case json_type_int:
		return json_object_get_int64(a) == json_object_get_int64(b);
	case json_type_double:
		return json_object_get_double(a) == json_object_get_double(b);
	case json_type_string:
		return equal_str(json_object_get_string(a), json_object_get_string(b), ma, mb);
	case json_type_array: {
		size_t n = json_object_array_length(a);
		if (n != json_object_array_length(b))
			return 0;
		for (size_t i = 0; i < n; i++) {
			snprintf(seg, sizeof(seg), "[%zu]", i);
			path_push(path, pathcap, seg);
			if (!equal(json_object_array_get_idx(a, i), json_object_array_get_idx(b, i), ma,
			           mb, path, pathcap))
				return 0;
			path[plen] = '\0';
		}
		return 1;
	}
	case json_type_object: {
		if (json_object_object_length(a) != json_object_object_length(b)) {
			json_object_object_foreach(a, k, v) {
				(void)v;
				json_object *o;
				if (!json_object_object_get_ex(b, k, &o)) {
					snprintf(seg, sizeof(seg), ".%s(missing)", k);
					path_push(path, pathcap, seg);
					return 0;
				}
			}
			json_object_object_foreach(b, k2, v2) {
				(void)v2;
				json_object *o;
				if (!json_object_object_get_ex(a, k2, &o)) {
					snprintf(seg, sizeof(seg), ".%s(extra)", k2);
					path_push(path, pathcap, seg);
					return 0;
				}
			}
			return 0;
		}
		json_object_object_foreach(a, key, va) {
			json_object *vb;
			snprintf(seg, sizeof(seg), ".%s", key);
			path_push(path, pathcap, seg);
			if (!json_object_object_get_ex(b, key, &vb))
				return 0;
			if (!equal(va, vb, ma, mb, path, pathcap))
				return 0;
			path[plen] = '\0';
		}
		return 1;
	}
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Arrays of names compared as sets (after normalization): !instanceof lists
 * are sorted by name, which depends on the anonymous numbering. */
static int equal_name_sets(json_object *a, json_object *b, const struct anon_map *ma,
                           const struct anon_map *mb)
{
	size_t n = json_object_array_length(a);
	int eq = 1;

	if (!json_object_is_type(a, json_type_array) || !json_object_is_type(b, json_type_array) ||
	    n != json_object_array_length(b))
		return 0;
	char **xa = calloc(n + 1, sizeof(char *)), **xb = calloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		xa[i] = normalize(json_object_get_string(json_object_array_get_idx(a, i)), ma);
		xb[i] = normalize(json_object_get_string(json_object_array_get_idx(b, i)), mb);
	}
	qsort(xa, n, sizeof(char *), cmp_str);
	qsort(xb, n, sizeof(char *), cmp_str);
	for (size_t i = 0; i < n; i++) {
		eq = eq && strcmp(xa[i], xb[i]) == 0;
		free(xa[i]);
		free(xb[i]);
	}
	free(xa);
	free(xb);
	return eq;
}

static const char *rec_key(const char *key, const struct anon_map *m, char *buf, size_t cap)
{
	if (strncmp(key, "anonymous_", 10) != 0)
		return key;
	snprintf(buf, cap, "anon#%ld", rank_of(m, strtol(key + 10, NULL, 10)));
	return buf;
}

int main(int argc, char **argv)
{
	int quiet = 0, max = 5, argi = 1;

	while (argi < argc && argv[argi][0] == '-') {
		if (strcmp(argv[argi], "-q") == 0)
			quiet = 1;
		else if (strcmp(argv[argi], "-n") == 0 && argi + 1 < argc)
			max = atoi(argv[++argi]);
		else
			break;
		argi++;
	}
	if (argc - argi != 2) {
		fprintf(stderr, "usage: tgjsoncmp [-q] [-n MAX] EXPECTED.json ACTUAL.json\n");
		return 2;
	}
	json_object *exp = read_json(argv[argi]);
	json_object *act = read_json(argv[argi + 1]);
	if (!exp || !act || !json_object_is_type(exp, json_type_object) ||
	    !json_object_is_type(act, json_type_object)) {
		fprintf(stderr, "tgjsoncmp: cannot read %s\n", !exp ? argv[argi] : argv[argi + 1]);
		return 2;
	}
	struct anon_map me, ma;
	build_map(&me, exp);
	build_map(&ma, act);

	/* Index ACTUAL's records by normalized name. */
	json_object *act_by = json_object_new_object();
	json_object_object_foreach(act, akey, aval) {
		char buf[64];
		json_object_object_add(act_by, rec_key(akey, &ma, buf, sizeof(buf)), json_object_get(aval));
	}
	long total = 0, same = 0, shown = 0, extra = 0, cls_total = 0, cls_same = 0;
	char path[4096];
	json_object_object_foreach(exp, key, val) {
		char buf[64];
		const char *nk = rec_key(key, &me, buf, sizeof(buf));
		json_object *other;
		if (key[0] == '!' && strcmp(key, "!instanceof") != 0 &&
		    strcmp(key, "!tablegen_json_version") != 0)
			continue;
		if (strcmp(key, "!instanceof") == 0) {
			json_object *ai;
			if (!json_object_object_get_ex(act, key, &ai))
				continue;
			json_object_object_foreach(val, cls, list) {
				json_object *al;
				cls_total++;
				if (json_object_object_get_ex(ai, cls, &al) && equal_name_sets(list, al, &me, &ma))
					cls_same++;
				else if (!quiet && shown++ < max)
					printf("  differs: !instanceof.%s\n", cls);
			}
			continue;
		}
		total++;
		path[0] = '\0';
		if (!json_object_object_get_ex(act_by, nk, &other)) {
			if (!quiet && shown++ < max)
				printf("  missing record %s\n", key);
			continue;
		}
		if (equal(val, other, &me, &ma, path, sizeof(path))) {
			same++;
			continue;
		}
		if (!quiet && shown++ < max)
			printf("  differs: %s%s\n", key, path);
	}
	json_object_object_foreach(act_by, k2, v2) {
		(void)v2;
		json_object *o;
		if (strncmp(k2, "anon#", 5) == 0) {
			long r = strtol(k2 + 5, NULL, 10);
			if (r >= 0 && (size_t)r < me.n)
				continue;
		} else if (json_object_object_get_ex(exp, k2, &o)) {
			continue;
		}
		extra++;
		if (!quiet && shown++ < max)
			printf("  extra record %s\n", k2);
	}
	printf("records: %ld/%ld, instanceof: %ld/%ld%s\n", same, total, cls_same, cls_total,
	       extra ? " (with extra records)" : "");
	free(me.nums);
	free(ma.nums);
	json_object_put(act_by);
	json_object_put(exp);
	json_object_put(act);
	return same == total && cls_same == cls_total && !extra ? 0 : 1;
}
