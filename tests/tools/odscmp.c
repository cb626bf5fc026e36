/*
 * odscmp.c -- compare patlint's op registry dump (`dump ops`, schema in
 * analyzer/model_json.c) with the Op records of a `llvm-tblgen --dump-json`
 * dump of the same file (test tool for tests/peers/ods-agree.sh).
 *
 *   odscmp [-v] [-l] RECORDS.json OPS.json
 *
 * For every Op record of RECORDS.json (`!superclasses` holds "Op"), the op
 * of the same full name (dialect `name` + "." + `opName`) must be in
 * OPS.json with: the same operands, native attributes and results (count;
 * per entry the name and the variadic / optional flags, an Arg<> wrapper
 * standing for its `constraint`), the same number of derived attributes
 * (DerivedAttr fields), regions, successors, and the same trait list
 * (TraitList flattened, duplicates dropped, anonymous
 * DeclareOpInterfaceMethods<I> named I, other anonymous traits by their
 * class).  Prints "ods ops: SAME/TOTAL agree" and, with -v, each
 * difference, with -l one line "ok NAME" / "bad NAME" per op instead; exits 0 when all agree, 1 otherwise, 2 on unreadable input.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_object *recs;
static int verbose, listing;

static json_object *load(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 20, len = 0;
	char *buf = malloc(cap);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	struct json_tokener *tok = json_tokener_new_ex(4096);
	json_object *o = json_tokener_parse_ex(tok, buf, (int)len);
	json_tokener_free(tok);
	free(buf);
	return o;
}

static json_object *get(json_object *o, const char *k)
{
	json_object *v = NULL;
	if (o && json_object_get_type(o) == json_type_object)
		json_object_object_get_ex(o, k, &v);
	return v;
}

static const char *str(json_object *o) { return o ? json_object_get_string(o) : NULL; }

static json_object *rec_of(json_object *defval)
{
	const char *d = str(get(defval, "def"));
	return d ? get(recs, d) : NULL;
}

static int isa(json_object *rec, const char *cls)
{
	json_object *sc = get(rec, "!superclasses");
	for (size_t i = 0; sc && i < json_object_array_length(sc); i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(sc, i)), cls))
			return 1;
	return 0;
}

static json_object *unwrap(json_object *rec)
{
	if (rec && isa(rec, "OpVariable")) {
		json_object *c = rec_of(get(rec, "constraint"));
		if (c)
			return c;
	}
	return rec;
}

/* Expected description lines of one op, appended to buf. */
static void add(char **buf, size_t *len, size_t *cap, const char *s)
{
	size_t n = strlen(s);
	while (*len + n + 2 > *cap)
		*buf = realloc(*buf, *cap *= 2);
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = 0;
}

static void traits_of(json_object *list, const char ***out, size_t *n, json_object ***seen,
                      size_t *n_seen, int depth)
{
	if (depth > 32 || !list)
		return;
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		json_object *rec = rec_of(json_object_array_get_idx(list, i));
		if (!rec)
			continue;
		if (isa(rec, "TraitList")) {
			traits_of(get(rec, "traits"), out, n, seen, n_seen, depth + 1);
			continue;
		}
		int dup = 0;
		for (size_t k = 0; k < *n_seen && !dup; k++)
			dup = (*seen)[k] == rec;
		if (dup)
			continue;
		*seen = realloc(*seen, (*n_seen + 1) * sizeof(**seen));
		(*seen)[(*n_seen)++] = rec;
		if (isa(rec, "Interface"))
			traits_of(get(rec, "baseInterfaces"), out, n, seen, n_seen, depth + 1);
		const char *name = str(get(rec, "!name"));
		json_object *an = get(rec, "!anonymous");
		if (an && json_object_get_boolean(an)) {
			if (isa(rec, "DeclareOpInterfaceMethods") && str(get(rec, "cppInterfaceName")))
				name = str(get(rec, "cppInterfaceName"));
			else {
				json_object *sc = get(rec, "!superclasses");
				size_t ns = sc ? json_object_array_length(sc) : 0;
				if (ns)
					name = json_object_get_string(json_object_array_get_idx(sc, ns - 1));
			}
		}
		*out = realloc(*out, (*n + 1) * sizeof(**out));
		(*out)[(*n)++] = name;
	}
}

static void describe_expected(json_object *op, char **buf, size_t *len, size_t *cap)
{
	char line[1024];
	json_object *args = get(get(op, "arguments"), "args");
	int n_opd = 0, n_attr = 0;
	for (size_t i = 0; args && i < json_object_array_length(args); i++) {
		json_object *pair = json_object_array_get_idx(args, i);
		json_object *rec = unwrap(rec_of(json_object_array_get_idx(pair, 0)));
		const char *nm = str(json_object_array_get_idx(pair, 1));
		if (isa(rec, "TypeConstraint")) {
			snprintf(line, sizeof line, "operand %d %s variadic=%d optional=%d", n_opd++, nm ? nm : "",
			         isa(rec, "Variadic") || isa(rec, "VariadicOfVariadic"), isa(rec, "Optional"));
		} else {
			json_object *io = get(rec, "isOptional");
			snprintf(line, sizeof line, "attribute %d %s optional=%d", n_attr++, nm ? nm : "",
			         io ? json_object_get_int(io) != 0 : 0);
		}
		add(buf, len, cap, line);
	}
	int n_derived = 0;
	json_object_object_foreach(op, key, val) {
		(void)key;
		if (val && json_object_get_type(val) == json_type_object && str(get(val, "kind")) &&
		    !strcmp(str(get(val, "kind")), "def") && isa(rec_of(val), "DerivedAttr"))
			n_derived++;
	}
	snprintf(line, sizeof line, "derived %d", n_derived);
	add(buf, len, cap, line);
	json_object *res = get(get(op, "results"), "args");
	for (size_t i = 0; res && i < json_object_array_length(res); i++) {
		json_object *pair = json_object_array_get_idx(res, i);
		json_object *rec = unwrap(rec_of(json_object_array_get_idx(pair, 0)));
		const char *nm = str(json_object_array_get_idx(pair, 1));
		snprintf(line, sizeof line, "result %zu %s variadic=%d optional=%d", i, nm ? nm : "",
		         isa(rec, "Variadic") || isa(rec, "VariadicOfVariadic"), isa(rec, "Optional"));
		add(buf, len, cap, line);
	}
	json_object *rg = get(get(op, "regions"), "args");
	snprintf(line, sizeof line, "regions %zu", rg ? json_object_array_length(rg) : 0);
	add(buf, len, cap, line);
	json_object *sc = get(get(op, "successors"), "args");
	snprintf(line, sizeof line, "successors %zu", sc ? json_object_array_length(sc) : 0);
	add(buf, len, cap, line);
	const char **tr = NULL;
	size_t ntr = 0, nseen = 0;
	json_object **seen = NULL;
	traits_of(get(op, "traits"), &tr, &ntr, &seen, &nseen, 0);
	for (size_t i = 0; i < ntr; i++) {
		snprintf(line, sizeof line, "trait %s", tr[i]);
		add(buf, len, cap, line);
	}
	free(tr);
	free(seen);
}

static int jbool(json_object *o) { return o && json_object_get_boolean(o); }

static void describe_actual(json_object *op, char **buf, size_t *len, size_t *cap)
{
	char line[1024];
	json_object *a = get(op, "operands");
	for (size_t i = 0; a && i < json_object_array_length(a); i++) {
		json_object *e = json_object_array_get_idx(a, i);
		snprintf(line, sizeof line, "operand %zu %s variadic=%d optional=%d", i, str(get(e, "name")),
		         jbool(get(e, "variadic")), jbool(get(e, "optional")));
		add(buf, len, cap, line);
	}
	/* attributes: interleave back is not needed, compare native in order */
	json_object *at = get(op, "attributes");
	int n_native = 0, n_derived = 0;
	for (size_t i = 0; at && i < json_object_array_length(at); i++) {
		json_object *e = json_object_array_get_idx(at, i);
		if (jbool(get(e, "derived"))) {
			n_derived++;
			continue;
		}
		snprintf(line, sizeof line, "attribute %d %s optional=%d", n_native++, str(get(e, "name")),
		         jbool(get(e, "optional")));
		add(buf, len, cap, line);
	}
	snprintf(line, sizeof line, "derived %d", n_derived);
	add(buf, len, cap, line);
	json_object *r = get(op, "results");
	for (size_t i = 0; r && i < json_object_array_length(r); i++) {
		json_object *e = json_object_array_get_idx(r, i);
		snprintf(line, sizeof line, "result %zu %s variadic=%d optional=%d", i, str(get(e, "name")),
		         jbool(get(e, "variadic")), jbool(get(e, "optional")));
		add(buf, len, cap, line);
	}
	json_object *rg = get(op, "regions"), *sc = get(op, "successors"), *tr = get(op, "traits");
	snprintf(line, sizeof line, "regions %zu", rg ? json_object_array_length(rg) : 0);
	add(buf, len, cap, line);
	snprintf(line, sizeof line, "successors %zu", sc ? json_object_array_length(sc) : 0);
	add(buf, len, cap, line);
	for (size_t i = 0; tr && i < json_object_array_length(tr); i++) {
		snprintf(line, sizeof line, "trait %s", json_object_get_string(json_object_array_get_idx(tr, i)));
		add(buf, len, cap, line);
	}
}

/* Operands and attributes are listed separately on both sides: the
 * expected side lists arguments in dag order, so split it the same way. */
static void normalize(char *buf)
{
	/* stable partition: operand lines, attribute lines, the rest */
	size_t n = strlen(buf);
	char *out = malloc(n + 1), *o = out;
	const char *pref[] = {"operand ", "attribute ", NULL};
	for (int pass = 0; pass < 3; pass++) {
		for (char *p = buf; *p;) {
			char *e = strchr(p, '\n');
			size_t l = e ? (size_t)(e - p) + 1 : strlen(p);
			int is0 = !strncmp(p, pref[0], strlen(pref[0]));
			int is1 = !strncmp(p, pref[1], strlen(pref[1]));
			if ((pass == 0 && is0) || (pass == 1 && is1) || (pass == 2 && !is0 && !is1)) {
				memcpy(o, p, l);
				o += l;
			}
			p += l;
		}
	}
	*o = 0;
	memcpy(buf, out, n + 1);
	free(out);
}

int main(int argc, char **argv)
{
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else if (!strcmp(argv[i], "-l"))
			listing = 1;
	}
	if (argc - i != 2) {
		fprintf(stderr, "usage: odscmp [-v] RECORDS.json OPS.json\n");
		return 2;
	}
	recs = load(argv[i]);
	json_object *ops = load(argv[i + 1]);
	if (!recs || !ops) {
		fprintf(stderr, "odscmp: cannot read input\n");
		return 2;
	}
	json_object *list = get(ops, "ops");
	int total = 0, same = 0;
	json_object_object_foreach(recs, key, op) {
		if (key[0] == '!' || !isa(op, "Op"))
			continue;
		total++;
		json_object *dia = rec_of(get(op, "opDialect"));
		const char *dn = str(get(dia, "name")), *on = str(get(op, "opName"));
		char name[512];
		if (dn && *dn)
			snprintf(name, sizeof name, "%s.%s", dn, on ? on : "");
		else
			snprintf(name, sizeof name, "%s", on ? on : "");
		json_object *act = NULL;
		for (size_t k = 0; list && k < json_object_array_length(list) && !act; k++) {
			json_object *e = json_object_array_get_idx(list, k);
			if (str(get(e, "name")) && !strcmp(str(get(e, "name")), name))
				act = e;
		}
		if (!act) {
			if (listing)
				printf("bad %s\n", name);
			if (verbose)
				printf("missing op %s (%s)\n", name, key);
			continue;
		}
		size_t c1 = 256, l1 = 0, c2 = 256, l2 = 0;
		char *b1 = calloc(1, c1), *b2 = calloc(1, c2);
		describe_expected(op, &b1, &l1, &c1);
		describe_actual(act, &b2, &l2, &c2);
		normalize(b1);
		normalize(b2);
		int ok = !strcmp(b1, b2);
		if (listing)
			printf("%s %s\n", ok ? "ok" : "bad", name);
		if (ok)
			same++;
		else if (verbose)
			printf("op %s differs:\n--- records\n%s--- patlint\n%s", name, b1, b2);
		free(b1);
		free(b2);
	}
	if (!listing)
		printf("ods ops: %d/%d agree\n", same, total);
	return same == total ? 0 : 1;
}
