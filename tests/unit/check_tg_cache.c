/*
 * check_tg_cache.c -- Check unit tests of the TableGen include cache
 * (tg_load_cached): every input loaded through a shared cache must give
 * the records it gives alone, byte for byte in the --dump-json form
 * (anonymous numbering included), and the cache must really skip what it
 * kept.
 *
 * The small cases are written here; with MLIR 16 installed, a handful of
 * its dialects are checked too.  PL_CACHE_LIST=FILE checks, instead, every
 * group of FILE: one line per run, "DIR,DIR,...<TAB>FILE FILE..." (the
 * include directories, then the inputs in order), each group through one
 * cache, then all groups through one cache (tests/peers/cache-agree.sh
 * runs MLIR 16's dialect tree and the corpus this way).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/arena.h"
#include "analyzer/cli.h"
#include "analyzer/cthreads.h"
#include "analyzer/diag.h"
#include "analyzer/driver.h"
#include "analyzer/intern.h"
#include "analyzer/parallel.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "parsers/pdll/pdll.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tablegen/tg_image.h"

static char tmpdir[64];

/* Load path (through cache when not NULL) in its own arena, source
 * manager and intern table shared with the caller; return the JSON dump
 * (malloc'd) or NULL when loading failed, and the error count. */
static char *dump_of(struct tg_cache *cache, struct pl_arena *arena, struct pl_intern *in,
                     struct pl_source_mgr *sm, const char *path, const struct tg_options *o,
                     unsigned *errors)
{
	struct pl_diag_ctx diag;
	struct tg_records *r = NULL;
	char *buf = NULL;
	size_t len = 0;

	pl_diag_ctx_init(&diag, sm, arena);
	/* PL_CACHE_KEEP=1: diagnostics on stderr, differing dumps kept in /tmp */
	diag.out = fopen(getenv("PL_CACHE_KEEP") ? "/dev/stderr" : "/dev/null", "w");
	int rc = tg_load_cached(&r, cache, arena, in, sm, &diag, path, o);
	*errors = pl_diag_errors(&diag);
	fclose(diag.out);
	if (rc < 0 || !r)
		return NULL;
	FILE *f = open_memstream(&buf, &len);
	tg_dump_json(f, r);
	fclose(f);
	return buf;
}

/* Remove the images in dir (and dir when rm_dir). */
static void clear_images(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];

	if (!d)
		return;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	closedir(d);
}

/* A run's cache (keeping images in imgdir, when not NULL), arena,
 * strings and sources. */
struct run_env {
	struct tg_cache *cache;
	struct pl_arena *arena;
	struct pl_intern *in;
	struct pl_source_mgr *sm;
};

static struct run_env env_new(const char *imgdir)
{
	struct run_env e = {tg_cache_new(), pl_arena_new(), NULL, pl_source_mgr_new()};

	e.in = pl_intern_new(e.arena);
	if (imgdir)
		tg_cache_set_dir(e.cache, imgdir);
	return e;
}

static void env_free(struct run_env *e)
{
	tg_cache_free(e->cache);
	pl_source_mgr_free(e->sm);
	pl_intern_free(e->in);
	pl_arena_free(e->arena);
}

/* Images read and written by the runs of through_images. */
static unsigned images_read, images_written;

/* path loaded as a run of its own would load it with images in imgdir:
 * its own cache, source manager and intern table (file ids and string
 * addresses differ from the run that wrote the image). */
static char *through_images(const char *imgdir, const char *path, const struct tg_options *o,
                            unsigned *errors)
{
	struct run_env e = env_new(imgdir);
	unsigned r, w, sk;

	/* another file first: the input's files get other ids than when
	 * its image was written */
	pl_source_add(e.sm, "<other>", "x", 1);
	char *dump = dump_of(e.cache, e.arena, e.in, e.sm, path, o, errors);
	tg_cache_image_stats(e.cache, &r, &w, &sk);
	images_read += r;
	images_written += w;
	env_free(&e);
	return dump;
}

/* Load files[0..n) in order through one cache and each alone; every dump
 * must be the same.  With imgdir, each is also loaded twice as a run of
 * its own keeping images there (the first run may write the image, the
 * second reads it): the same again.  With shared, the loads go through
 * its cache, arena, strings and sources, which earlier calls (under other
 * options, perhaps) used too; else through ones made here.  Returns the
 * number of inputs that failed to load (the same either way) and the
 * cache's statistics. */
static unsigned agree_in(const struct run_env *shared, const char *imgdir,
                         const char *const *dirs, unsigned ndirs, const char *const *defs,
                         unsigned ndefs, const char *const *files, unsigned n,
                         unsigned *restored, unsigned *evaluated)
{
	unsigned failed = 0;
	struct tg_options o = {dirs, ndirs, defs, ndefs, true, NULL};
	struct run_env own = shared ? *shared : env_new(NULL);
	struct pl_arena *ca = own.arena;
	struct pl_intern *in = own.in;
	struct pl_source_mgr *sm = own.sm;
	struct tg_cache *cache = own.cache;

	for (unsigned i = 0; i < n; i++) {
		unsigned e1, e2;
		char *with = dump_of(cache, ca, in, sm, files[i], &o, &e1);
		struct pl_arena *a = pl_arena_new();
		char *alone = dump_of(NULL, a, in, sm, files[i], &o, &e2);
		ck_assert_msg(e1 == e2, "%s: %u errors through the cache, %u alone", files[i], e1, e2);
		if (!alone)
			failed++;
		if (alone || with) {
			ck_assert_msg(alone && with, "%s: loads through the cache: %s", files[i],
			              with ? "yes" : "no");
			if (strcmp(with, alone) != 0 && getenv("PL_CACHE_KEEP")) {
				FILE *f = fopen("/tmp/cache-with.json", "w");
				fputs(with, f);
				fclose(f);
				f = fopen("/tmp/cache-alone.json", "w");
				fputs(alone, f);
				fclose(f);
			}
			ck_assert_msg(strcmp(with, alone) == 0, "%s: records differ through the cache",
			              files[i]);
		}
		for (int run = 0; imgdir && run < 2; run++) {
			unsigned e3;
			char *img = through_images(imgdir, files[i], &o, &e3);
			ck_assert_msg(e3 == e2, "%s: %u errors through images, %u alone", files[i], e3, e2);
			ck_assert_msg(!img == !alone, "%s: loads through images: %s", files[i],
			              img ? "yes" : "no");
			if (img && strcmp(img, alone) != 0 && getenv("PL_CACHE_KEEP")) {
				FILE *f = fopen("/tmp/cache-image.json", "w");
				fputs(img, f);
				fclose(f);
				f = fopen("/tmp/cache-alone.json", "w");
				fputs(alone, f);
				fclose(f);
			}
			ck_assert_msg(!img || strcmp(img, alone) == 0,
			              "%s: records differ through an image (run %d)", files[i], run + 1);
			free(img);
		}
		if (imgdir && getenv("PL_CACHE_LIST"))
			clear_images(imgdir); /* one input's images at a time on disk */
		free(with);
		free(alone);
		pl_arena_free(a);
	}
	tg_cache_stats(cache, restored, evaluated);
	if (!shared)
		env_free(&own);
	return failed;
}

static unsigned agree_img(const char *imgdir, const char *const *dirs, unsigned ndirs,
                          const char *const *defs, unsigned ndefs, const char *const *files,
                          unsigned n, unsigned *restored, unsigned *evaluated)
{
	return agree_in(NULL, imgdir, dirs, ndirs, defs, ndefs, files, n, restored, evaluated);
}

static unsigned agree(const char *const *dirs, unsigned ndirs, const char *const *defs,
                      unsigned ndefs, const char *const *files, unsigned n, unsigned *restored,
                      unsigned *evaluated)
{
	return agree_img(NULL, dirs, ndirs, defs, ndefs, files, n, restored, evaluated);
}

static void write_file(const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static const char *tmp_path(const char *name)
{
	static char paths[32][256];
	static unsigned next;
	char *p = paths[next++ % 32];
	snprintf(p, 256, "%s/%s", tmpdir, name);
	return p;
}

static void setup(void)
{
	strcpy(tmpdir, "/tmp/check_tg_cache.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	/* base.td: a guarded file with classes, anonymous instantiations
	 * (shared Class<args> values), a multi-class record type, a defvar, a
	 * multiclass and a nested include. */
	write_file("inner.td", "class Inner<int n> { int v = n; }\n"
	                       "def inner0 : Inner<0>;\n");
	write_file("base.td", "#ifndef BASE_TD\n#define BASE_TD\n"
	                      "include \"inner.td\"\n"
	                      "class A<int x> { int ax = x; }\n"
	                      "class B { string b = \"b\"; }\n"
	                      "class Holder<A a> { A held = a; }\n"
	                      "def h1 : Holder<A<1>>;\n"
	                      "def ab : A<2>, B;\n"
	                      "defvar gv = [1, 2, 3];\n"
	                      "multiclass M<int y> { def _one : A<y>; def _two : Holder<A<y>>; }\n"
	                      "defm m : M<7>;\n"
	                      "#endif\n");
	/* cond.td depends on a macro the including file may define. */
	write_file("cond.td", "#ifdef WANT_EXTRA\ndef extra : A<99>;\n#endif\n"
	                      "def c1 : Holder<A<3>>;\n#define COND_SEEN\n");
	write_file("user1.td", "include \"base.td\"\ninclude \"cond.td\"\n"
	                       "def u1 : Holder<A<1>>;\ndef u1b : A<4>, B;\n"
	                       "defm n1 : M<8>;\ndef u1c { list<int> l = gv; }\n");
	write_file("user2.td", "#ifndef USER2\n#define USER2\n// a comment\n"
	                       "include \"base.td\"\n#define WANT_EXTRA\ninclude \"cond.td\"\n"
	                       "def u2 : Holder<A<3>>;\n#ifdef COND_SEEN\ndef seen : B;\n#endif\n#endif\n");
	write_file("user3.td", "include \"base.td\"\ninclude \"cond.td\"\n"
	                       "def u3 : Holder<A<2>>;\ndef ab2 : A<2>, B;\n");
	write_file("user4.td", "include \"inner.td\"\ndef u4 : Inner<1>;\n");
	/* a duplicate of a def of base.td: the same error through the cache */
	write_file("dup.td", "include \"base.td\"\ndef ab : B;\n");
	write_file("plain.td", "def alone { int x = 1; }\n");
	/* an object that runs on past the end of the included file (found by
	 * tests/fuzz/fuzz_tgcache.c): the state after open.td is not a state */
	write_file("open.td", "class O { int o = 1; }\ndef A : O {\n");
	write_file("useopen.td", "include \"open.td\"\n }\ndef a1 : O;\n");
	/* an error inside an included file: never kept, the same error again */
	write_file("bad.td", "class Bad { int x = \"s\"; }\n");
	write_file("userbad.td", "include \"base.td\"\ninclude \"bad.td\"\ndef ub : B;\n");
}

/* Every file in tmpdir, whichever test wrote it, then tmpdir itself. */
static void teardown(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			unlinkat(dirfd(d), e->d_name, 0);
	if (d)
		closedir(d);
	ck_assert_int_eq(rmdir(tmpdir), 0);
}

START_TEST(small_inputs_agree)
{
	const char *files[] = {tmp_path("user1.td"), tmp_path("user2.td"), tmp_path("user3.td"),
	                       tmp_path("user1.td"), tmp_path("user2.td"), tmp_path("user4.td"),
	                       tmp_path("dup.td"), tmp_path("user3.td"), tmp_path("plain.td"),
	                       tmp_path("user2.td"), tmp_path("userbad.td"), tmp_path("userbad.td"),
	                       tmp_path("userbad.td")};
	const char *dirs[] = {tmpdir};
	unsigned restored, evaluated;

	/* dup.td fails (a duplicate def), userbad.td three times (an error in
	 * bad.td): the others load */
	ck_assert_uint_eq(agree(dirs, 1, NULL, 0, files, 13, &restored, &evaluated), 4);
	/* inner.td's and base.td's text is kept after its first evaluation,
	 * then skipped; cond.td is kept once for each of its macro
	 * situations. */
	ck_assert_uint_gt(restored, 4);
	ck_assert_uint_gt(evaluated, 0);
}
END_TEST

START_TEST(object_across_files_agrees)
{
	const char *files[] = {tmp_path("useopen.td"), tmp_path("useopen.td"), tmp_path("useopen.td")};
	const char *dirs[] = {tmpdir};
	unsigned restored, evaluated;

	ck_assert_uint_eq(agree(dirs, 1, NULL, 0, files, 3, &restored, &evaluated), 0);
	ck_assert_uint_eq(restored, 0); /* nothing to keep: the chunk never ends cleanly */
}
END_TEST

/* Includes whose tables outgrow many of the include cache's log chunks
 * (tg_value.c: chunks of 256 entries doubling to 4,096), one kept inside
 * the other: restored, the records are those evaluated anew. */
START_TEST(long_logs_agree)
{
	FILE *f = fopen(tmp_path("many.td"), "w");
	ck_assert_ptr_nonnull(f);
	fputs("class N<int v> { int n = v; string s = \"n\" # v; }\n", f);
	for (int i = 0; i < 9000; i++)
		fprintf(f, "def many%d : N<%d>;\ndefvar g%d = %d;\n", i, i * 7, i, i);
	fclose(f);
	f = fopen(tmp_path("mid.td"), "w");
	ck_assert_ptr_nonnull(f);
	fputs("include \"many.td\"\n", f);
	for (int i = 0; i < 5000; i++)
		fprintf(f, "def mid%d : N<many%d.n>;\n", i, i * 3 % 9000);
	fclose(f);
	write_file("usemany1.td", "include \"mid.td\"\ndef u : N<many8999.n>;\n");
	write_file("usemany2.td", "include \"mid.td\"\ndef v : N<mid4999.n>;\n");
	const char *files[] = {tmp_path("usemany1.td"), tmp_path("usemany2.td"),
	                       tmp_path("usemany1.td")};
	const char *dirs[] = {tmpdir};
	unsigned restored, evaluated;

	ck_assert_uint_eq(agree(dirs, 1, NULL, 0, files, 3, &restored, &evaluated), 0);
	ck_assert_uint_ge(restored, 2);
	const char *names[] = {"many.td", "mid.td", "usemany1.td", "usemany2.td"};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		unlink(tmp_path(names[i]));
}
END_TEST

START_TEST(defines_agree)
{
	const char *defs[] = {"WANT_EXTRA"};
	const char *files[] = {tmp_path("user1.td"), tmp_path("user3.td"), tmp_path("user1.td")};
	const char *dirs[] = {tmpdir};
	unsigned restored, evaluated;

	ck_assert_uint_eq(agree(dirs, 1, defs, 1, files, 3, &restored, &evaluated), 0);
	ck_assert_uint_gt(restored, 0);
}
END_TEST

/* One cache across inputs loaded under different -I folders: a file's
 * text evaluated under some folders is skipped under others when its
 * includes find the same files there, and evaluated again when they find
 * other files.  Every load gives the records it gives alone. */
/* Folders fa and fb with a shared.td each, fe empty; lib.td includes
 * shared.td (which one depends on -I), ia.td includes lib.td.  make:
 * write them, else remove them. */
static void folders_fixture(bool make)
{
	static const char *const sub[] = {"fa", "fb", "fe"};
	static const char *const files[] = {"fa/shared.td", "fb/shared.td", "lib.td", "ia.td"};

	if (!make) {
		for (int i = 0; i < 4; i++)
			unlink(tmp_path(files[i]));
		for (int i = 0; i < 3; i++)
			rmdir(tmp_path(sub[i]));
		return;
	}
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(mkdir(tmp_path(sub[i]), 0700), 0);
	write_file("fa/shared.td", "class S { int s = 1; }\ndef sa : S;\n");
	write_file("fb/shared.td", "class S { int s = 2; }\ndef sb : S;\n");
	write_file("lib.td", "class L { int l = 0; }\ninclude \"shared.td\"\ndef lib : L;\n");
	write_file("ia.td", "include \"lib.td\"\ndef ia : S, L;\n");
}

START_TEST(folders_share_when_includes_agree)
{
	folders_fixture(true);
	const char *a[] = {tmp_path("fa"), tmpdir};
	const char *a2[] = {tmp_path("fe"), tmp_path("fa"), tmpdir}; /* other folders, same files */
	const char *b[] = {tmp_path("fb"), tmpdir};
	const struct tg_options oa = {a, 2, NULL, 0, false, NULL}, oa2 = {a2, 3, NULL, 0, false, NULL},
	                        ob = {b, 2, NULL, 0, false, NULL};
	/* under a (kept), a again and a2 (restored), b twice (the state
	 * with b's files kept, then restored: not a's), a2 again; then a, b
	 * (lib.td's text with other files: a state of its own), a2 */
	const struct tg_options *orders[2][6] = {{&oa, &oa, &oa2, &ob, &ob, &oa2},
	                                         {&oa, &ob, &oa2, &oa2, &ob, &oa}};
	struct pl_arena *ca = pl_arena_new();
	struct pl_intern *in = pl_intern_new(ca);
	struct pl_source_mgr *sm = pl_source_mgr_new();

	for (int k = 0; k < 2; k++) {
		const struct tg_options **order = orders[k];
		struct tg_cache *cache = tg_cache_new();
		unsigned restored[6], evaluated, e1, e2;
		for (int i = 0; i < 6; i++) {
			char *with = dump_of(cache, ca, in, sm, tmp_path("ia.td"), order[i], &e1);
			struct pl_arena *al = pl_arena_new();
			char *alone = dump_of(NULL, al, in, sm, tmp_path("ia.td"), order[i], &e2);
			ck_assert_msg(with && alone && e1 == 0 && e2 == 0, "order %d, load %d failed", k, i);
			ck_assert_msg(strcmp(with, alone) == 0,
			              "order %d, load %d: records differ through the cache", k, i);
			ck_assert_msg(strstr(alone, order[i] == &ob ? "\"sb\"" : "\"sa\""), "load %d", i);
			tg_cache_stats(cache, &restored[i], &evaluated);
			free(with);
			free(alone);
			pl_arena_free(al);
		}
		if (k == 0) {
			ck_assert_uint_gt(restored[2], restored[1]); /* a2 took what a kept */
			ck_assert_uint_gt(restored[5], restored[4]);
		}
		tg_cache_free(cache);
	}
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(ca);
	folders_fixture(false);
}
END_TEST

/* Caches on one tree of states (tg_cache_share), one per thread as check
 * -j's workers have them, each with its own arena and view of the intern
 * table: every load gives the records it gives alone, a state one cache
 * kept, another restores, and loads on two threads at once agree too. */
struct share_job {
	struct tg_cache *cache;
	struct pl_arena *arena;
	struct pl_intern *view;
	struct pl_source_mgr *sm;
	const struct tg_options *o;
	const char *const *files;
	unsigned n;
	char *dumps[16];
	unsigned errors[16];
};

static int share_thread(void *arg)
{
	struct share_job *j = arg;

	for (unsigned i = 0; i < j->n; i++)
		j->dumps[i] = dump_of(j->cache, j->arena, j->view, j->sm, j->files[i], j->o, &j->errors[i]);
	return 0;
}

static void share_check(struct share_job *j, struct pl_intern *in)
{
	for (unsigned i = 0; i < j->n; i++) {
		unsigned e;
		struct pl_arena *a = pl_arena_new();
		char *alone = dump_of(NULL, a, in, j->sm, j->files[i], j->o, &e);
		ck_assert_msg(e == j->errors[i], "%s: %u errors through a shared cache, %u alone",
		              j->files[i], j->errors[i], e);
		ck_assert_msg(!alone == !j->dumps[i], "%s: loads through a shared cache: %s", j->files[i],
		              j->dumps[i] ? "yes" : "no");
		ck_assert_msg(!alone || strcmp(alone, j->dumps[i]) == 0,
		              "%s: records differ through a shared cache", j->files[i]);
		free(alone);
		free(j->dumps[i]);
		j->dumps[i] = NULL;
		pl_arena_free(a);
	}
}

/* jobs[0..2) on caches c0 and c1, each with an arena and a view of in. */
static void share_jobs_init(struct share_job *jobs, struct tg_cache *c0, struct tg_cache *c1,
                            struct pl_intern *in, struct pl_source_mgr *sm,
                            const struct tg_options *o)
{
	for (int t = 0; t < 2; t++) {
		memset(&jobs[t], 0, sizeof(jobs[t]));
		jobs[t].cache = t ? c1 : c0;
		jobs[t].arena = pl_arena_new();
		jobs[t].view = pl_intern_view_new(in, jobs[t].arena);
		jobs[t].sm = sm;
		jobs[t].o = o;
	}
}

/* Both jobs at once: jobs[1] on a thread, jobs[0] here. */
static void share_jobs_run(struct share_job *jobs)
{
	thrd_t id;

	ck_assert_int_eq(thrd_create(&id, share_thread, &jobs[1]), thrd_success);
	share_thread(&jobs[0]);
	ck_assert_int_eq(thrd_join(id, NULL), thrd_success);
}

static void share_jobs_free(struct share_job *jobs)
{
	for (int t = 0; t < 2; t++) {
		pl_intern_free(jobs[t].view);
		pl_arena_free(jobs[t].arena);
	}
}

START_TEST(shared_caches_agree)
{
	const char *dirs[] = {tmpdir};
	const struct tg_options o = {dirs, 1, NULL, 0, false, NULL};
	const char *first[] = {tmp_path("user1.td")};
	const char *then[] = {tmp_path("user3.td")};
	const char *mix[2][8] = {
		{tmp_path("user2.td"), tmp_path("user1.td"), tmp_path("dup.td"), tmp_path("user4.td"),
		 tmp_path("userbad.td"), tmp_path("user3.td"), tmp_path("plain.td"), tmp_path("user2.td")},
		{tmp_path("user3.td"), tmp_path("user2.td"), tmp_path("user1.td"), tmp_path("userbad.td"),
		 tmp_path("user4.td"), tmp_path("user2.td"), tmp_path("dup.td"), tmp_path("user1.td")}};
	struct pl_arena *ca = pl_arena_new();
	struct pl_intern *in = pl_intern_new(ca);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct tg_cache *c0 = tg_cache_new(), *c1 = tg_cache_share(c0);
	struct share_job jobs[2];
	unsigned restored, evaluated;

	pl_intern_set_shared(in, 1);
	share_jobs_init(jobs, c0, c1, in, sm, &o);
	/* one cache keeps base.td's and cond.td's states, the other restores them */
	jobs[0].files = first;
	jobs[0].n = 1;
	share_thread(&jobs[0]);
	share_check(&jobs[0], in);
	tg_cache_stats(c0, &restored, &evaluated);
	ck_assert_uint_eq(restored, 0);
	ck_assert_uint_gt(evaluated, 0);
	jobs[1].files = then;
	jobs[1].n = 1;
	share_thread(&jobs[1]);
	share_check(&jobs[1], in);
	tg_cache_stats(c1, &restored, &evaluated);
	ck_assert_uint_gt(restored, 0);
	ck_assert_uint_eq(evaluated, 0);
	/* then both at once */
	for (int t = 0; t < 2; t++) {
		jobs[t].files = mix[t];
		jobs[t].n = 8;
	}
	share_jobs_run(jobs);
	tg_cache_free(c0); /* the states stay until the last cache goes */
	for (int t = 0; t < 2; t++)
		share_check(&jobs[t], in);
	pl_intern_set_shared(in, 0);
	tg_cache_free(c1);
	share_jobs_free(jobs);
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(ca);
}
END_TEST

/* A file of n classes and defs of them, milliseconds to evaluate. */
static void write_slow_file(const char *name, int n)
{
	struct pl_buf big = {0};
	for (int i = 0; i < n; i++)
		pl_buf_printf(&big,
		              "class K%d<int n> { int v = n; list<int> l = [n, %d]; }\ndef k%d : K%d<%d>;\n",
		              i, i, i, i, i);
	write_file(name, pl_buf_cstr(&big));
	pl_buf_free(&big);
}

/* Two threads that reach the same included text at once: one evaluates
 * it, the other waits for its state (tg_parse.c, struct tg_busy), so the
 * two caches together evaluate each chunk once, as one cache loading the
 * inputs one after another does.  big.td takes milliseconds to evaluate,
 * so that both threads are in it together. */
START_TEST(shared_caches_evaluate_once)
{
	write_slow_file("big.td", 3000);
	write_file("bu1.td", "include \"big.td\"\ninclude \"base.td\"\ndef bu1 : B;\n");
	write_file("bu2.td", "include \"big.td\"\ninclude \"base.td\"\ndef bu2 : A<5>;\n");
	const char *dirs[] = {tmpdir};
	const struct tg_options o = {dirs, 1, NULL, 0, false, NULL};
	const char *files[] = {tmp_path("bu1.td"), tmp_path("bu2.td")};
	struct pl_arena *ca = pl_arena_new();
	struct pl_intern *in = pl_intern_new(ca);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	unsigned once, restored, e0, e1;

	/* one cache, one load after the other (the states' objects live in
	 * the loads' arena) */
	struct tg_cache *alone = tg_cache_new();
	struct pl_arena *a = pl_arena_new();
	for (int i = 0; i < 2; i++) {
		unsigned errors;
		free(dump_of(alone, a, in, sm, files[i], &o, &errors));
		ck_assert_uint_eq(errors, 0);
	}
	tg_cache_stats(alone, &restored, &once);
	tg_cache_free(alone);
	pl_arena_free(a);
	ck_assert_uint_gt(once, 0);
	for (int round = 0; round < 5; round++) {
		struct tg_cache *c0 = tg_cache_new(), *c1 = tg_cache_share(c0);
		struct share_job jobs[2];
		pl_intern_set_shared(in, 1);
		share_jobs_init(jobs, c0, c1, in, sm, &o);
		for (int t = 0; t < 2; t++) {
			jobs[t].files = files;
			jobs[t].n = 2;
		}
		share_jobs_run(jobs);
		pl_intern_set_shared(in, 0);
		tg_cache_stats(c0, &restored, &e0);
		tg_cache_stats(c1, &restored, &e1);
		ck_assert_msg(e0 + e1 == once, "round %d: %u + %u chunks evaluated on two threads, %u on one",
		              round, e0, e1, once);
		for (int t = 0; t < 2; t++)
			share_check(&jobs[t], in);
		tg_cache_free(c0);
		tg_cache_free(c1);
		share_jobs_free(jobs);
	}
	unlink(tmp_path("big.td"));
	unlink(tmp_path("bu1.td"));
	unlink(tmp_path("bu2.td"));
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(ca);
}
END_TEST

/* With -j 2 (two workers), the records prefetch gives p.pdll's include of
 * x.td, where files[pdll] is p.pdll and files[input] the input x.td: the
 * input's own when shared, else apart from them; three rounds. */
static void prefetch_include_case(const char *const *files, size_t n, size_t pdll, size_t input,
                                  bool shared)
{
	char *argv[] = {"patlint", "check", "-j", "2", "-I", tmpdir, NULL};
	struct pl_options opt;
	ck_assert_int_eq(pl_cli_parse(&opt, 6, argv, stderr), 0);

	for (int round = 0; round < 3; round++) {
		struct pl_run r = {.opt = &opt};
		r.arena = pl_arena_new();
		r.intern = pl_intern_new(r.arena);
		r.sm = pl_source_mgr_new();
		pl_diag_ctx_init(&r.diag, r.sm, r.arena);
		r.tg.include_dirs = (const char *const *)opt.include_dirs.items;
		r.tg.n_include = (unsigned)opt.include_dirs.len;

		struct pl_prefetch *pf = pl_prefetch_start(&r, files, n, 2);
		ck_assert_ptr_nonnull(pf);
		struct tg_records *recs = NULL, *own = NULL, *inc = NULL;
		for (size_t i = 0; i < n; i++)
			if (i != pdll) {
				ck_assert_int_ge(pl_prefetch_take(pf, i, &recs), 0);
				if (i == input)
					own = recs;
			}
		struct tg_options to;
		size_t slot;
		pl_tg_options_for(&r, files[pdll], &to);
		ck_assert(pl_prefetch_find(pf, tmp_path("x.td"), &to, &slot));
		ck_assert_int_ge(pl_prefetch_take(pf, slot, &inc), 0);
		if (shared)
			ck_assert_msg(inc == own, "round %d: p.pdll's x.td evaluated apart from the input",
			              round);
		else
			ck_assert_msg(inc != own, "round %d: p.pdll's x.td took the later input's records",
			              round);
		pl_prefetch_free(pf);
		pl_source_mgr_free(r.sm);
		pl_intern_free(r.intern);
		pl_arena_free(r.arena);
	}
	pl_cli_free(&opt);
}

/* A .pdll input's include of a .td file that is also an input before it
 * takes that input's records with -j, as the sequential path's memo does
 * (driver.c), whichever of the two a worker reaches first (parallel.c,
 * first_of_file); an include of an input after it, never (the sequential
 * path evaluates it for the .pdll input; sharing made the input's ops the
 * .pdll's, which the ODS rules then did not check).  With 16 jobs and two
 * workers, blocks of two: worker 0 starts on slow.td and x.td, worker 1
 * on p.pdll's include of x.td; taken first, the include was evaluated
 * apart from the input.  With 8 jobs, blocks of one, p.pdll before x.td. */
START_TEST(prefetch_include_of_an_input_shares_as_sequential)
{
	write_slow_file("slow.td", 4000);
	write_file("x.td", "include \"base.td\"\ndef x1 : A<1>;\n");
	write_file("p.pdll", "#include \"x.td\"\nPattern { erase op<t.a>; }\n");
	char names[16][16];
	const char *files[16];
	for (int k = 3; k < 16; k++) {
		char text[64];
		snprintf(names[k], sizeof names[k], "e%d.td", k);
		snprintf(text, sizeof text, "def e%d { int x = %d; }\n", k, k);
		write_file(names[k], text);
	}
	files[0] = tmp_path("slow.td");
	files[1] = tmp_path("x.td");
	files[2] = tmp_path("p.pdll");
	for (int k = 3; k < 16; k++)
		files[k] = tmp_path(names[k]);
	prefetch_include_case(files, 16, 2, 1, true);
	files[1] = tmp_path("p.pdll");
	files[2] = tmp_path("x.td");
	prefetch_include_case(files, 8, 1, 2, false);
	unlink(tmp_path("slow.td"));
	unlink(tmp_path("x.td"));
	unlink(tmp_path("p.pdll"));
	for (int k = 3; k < 16; k++)
		unlink(tmp_path(names[k]));
}
END_TEST

/* pdll_td_includes (the -j workers' jobs for a .pdll input): every .td
 * include in file order, none that a comment, a string or a code block
 * holds -- also after the last include, where its lexing stops. */
struct found_incs {
	char names[8][32];
	unsigned n;
};

static void found_inc(void *ud, const char *path)
{
	struct found_incs *f = ud;
	const char *base = strrchr(path, '/');

	ck_assert_uint_lt(f->n, 8);
	snprintf(f->names[f->n++], sizeof f->names[0], "%s", base ? base + 1 : path);
}

static struct found_incs td_includes_of(const char *text)
{
	const char *dirs[] = {tmpdir};
	struct pdll_options po = {.include_dirs = dirs, .n_include_dirs = 1};
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct found_incs f = {.n = 0};

	write_file("scan.pdll", text);
	ck_assert_int_eq(pdll_td_includes(sm, tmp_path("scan.pdll"), &po, found_inc, &f), 0);
	pl_source_mgr_free(sm);
	return f;
}

START_TEST(pdll_td_includes_in_order)
{
	write_file("ia.td", "def ia;\n");
	write_file("ib.td", "def ib;\n");
	write_file("ic.td", "def ic;\n");
	struct found_incs f = td_includes_of(
		"#include \"ia.td\"\n"
		"// #include \"ic.td\"\n"
		"Constraint C(v: Value) [{\n#include \"ic.td\"\n return success(); }];\n"
		"#include \"ib.td\"\n"
		"Pattern { erase op<t.a>; }\n"
		"Constraint D(v: Value) [{ return \"#include\"; }];\n"
		"// #include \"ic.td\"\n");
	ck_assert_uint_eq(f.n, 2);
	ck_assert_str_eq(f.names[0], "ia.td");
	ck_assert_str_eq(f.names[1], "ib.td");
	/* the last include the file's last bytes */
	f = td_includes_of("Pattern { erase op<t.a>; }\n#include \"ic.td\"");
	ck_assert_uint_eq(f.n, 1);
	ck_assert_str_eq(f.names[0], "ic.td");
	/* none, or only in a comment and a code block */
	f = td_includes_of("Pattern { erase op<t.a>; }\n");
	ck_assert_uint_eq(f.n, 0);
	f = td_includes_of("// #include \"ia.td\"\nConstraint C(v: Value) [{ #include \"ib.td\" }];\n");
	ck_assert_uint_eq(f.n, 0);
}
END_TEST

/* tg_records_same_under (folders_fixture): records of ia.td loaded under
 * folders a are those it makes under a2 (another folder first, without
 * its includes' files) and not under b (lib.td's include finds fb's
 * shared.td), nor under another -D macro or confinement. */
START_TEST(records_same_under_folders_whose_includes_agree)
{
	folders_fixture(true);
	const char *a[] = {tmp_path("fa"), tmpdir};
	const char *a2[] = {tmp_path("fe"), tmp_path("fa"), tmpdir};
	const char *b[] = {tmp_path("fb"), tmpdir};
	const char *defs[] = {"X"};
	const struct tg_options oa = {a, 2, NULL, 0, false, NULL}, oa2 = {a2, 3, NULL, 0, false, NULL},
	                        ob = {b, 2, NULL, 0, false, NULL}, od = {a2, 3, defs, 1, false, NULL},
	                        oo = {a2, 3, NULL, 0, true, NULL};
	struct pl_arena *ar = pl_arena_new();
	struct pl_intern *in = pl_intern_new(ar);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx diag;
	struct tg_records *r = NULL;

	pl_diag_ctx_init(&diag, sm, ar);
	ck_assert_int_eq(tg_load(&r, ar, in, sm, &diag, tmp_path("ia.td"), &oa), 0);
	ck_assert(tg_records_same_under(r, sm, in, &oa, &oa));
	ck_assert(tg_records_same_under(r, sm, in, &oa, &oa2));
	ck_assert(!tg_records_same_under(r, sm, in, &oa, &ob));
	ck_assert(!tg_records_same_under(r, sm, in, &oa, &od));
	ck_assert(!tg_records_same_under(r, sm, in, &oa, &oo));
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(ar);
	folders_fixture(false);
}
END_TEST

/* Defs shared through the cache come first in each input that has them,
 * in the same order: once an importer noted every def of one input, the
 * next input's shared defs are found noted as a prefix (tg_defs_noted),
 * its own are not, and an input evaluated apart has none.  A note of
 * another client in between never makes it skip a def it has not seen. */
START_TEST(noted_defs_are_a_prefix)
{
	write_file("np_lib.td", "class C { int x = 0; }\ndef l1 : C;\ndef l2 : C;\ndef l3 : C;\n");
	write_file("np_a.td", "include \"np_lib.td\"\ndef own_a : C;\n");
	write_file("np_b.td", "include \"np_lib.td\"\ndef own_b : C;\ndef own_b2 : C;\n");
	const char *dirs[] = {tmpdir};
	const struct tg_options o = {dirs, 1, NULL, 0, false, NULL};
	struct pl_arena *a = pl_arena_new();
	struct pl_intern *in = pl_intern_new(a);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx diag;
	struct tg_cache *cache = tg_cache_new();
	struct tg_records *r[4];
	const char *order[4] = {"np_a.td", "np_a.td", "np_b.td", "np_a.td"};

	pl_diag_ctx_init(&diag, sm, a);
	diag.out = fopen("/dev/null", "w");
	/* the first load, made the cache's last, keeps nothing: evaluated
	 * apart; the second keeps the state after np_lib.td; the third
	 * restores it */
	for (int i = 0; i < 4; i++) {
		tg_cache_set_last(cache, i == 0);
		ck_assert_int_eq(tg_load_cached(&r[i], cache, a, in, sm, &diag, tmp_path(order[i]), &o), 0);
	}
	for (unsigned i = 0; i < tg_def_count(r[1]); i++)
		tg_rec_note_set(tg_def_at(r[1], i), TG_NOTE_ODS, 7);
	ck_assert_uint_eq(tg_defs_noted(r[2], TG_NOTE_ODS, 7), 3);
	ck_assert_str_eq(tg_rec_name(tg_def_at(r[2], 3)), "own_b");
	ck_assert_uint_eq(tg_defs_noted(r[0], TG_NOTE_ODS, 7), 0); /* evaluated apart */
	ck_assert_uint_eq(tg_defs_noted(r[2], TG_NOTE_DRR, 7), 0);
	/* the fourth (np_a.td again) shares np_lib.td's, not its own def */
	ck_assert_uint_eq(tg_defs_noted(r[3], TG_NOTE_ODS, 7), 3);
	ck_assert_uint_eq(tg_def_count(r[3]), 4);
	/* another client's note on the last shared def */
	tg_rec_note_set(tg_def_at(r[2], 2), TG_NOTE_ODS, 9);
	unsigned p = tg_defs_noted(r[2], TG_NOTE_ODS, 7);
	ck_assert_uint_lt(p, 3);
	ck_assert(p == 0 || tg_rec_note_get(tg_def_at(r[2], p - 1), TG_NOTE_ODS) == 7);
	fclose(diag.out);
	tg_cache_free(cache);
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(a);
	static const char *const files[] = {"np_lib.td", "np_a.td", "np_b.td"};
	for (int i = 0; i < 3; i++)
		unlink(tmp_path(files[i]));
}
END_TEST

/* A state is kept the first time it is reached, so the next load through
 * the cache restores it; a load made the last (tg_cache_set_last) keeps
 * none, so the load after it evaluates everything again. */
START_TEST(kept_from_first_load_unless_last)
{
	write_file("kf_lib.td", "class K { int k = 1; }\ndef kl : K;\n");
	write_file("kf_a.td", "include \"kf_lib.td\"\ndef ka : K;\n");
	const char *dirs[] = {tmpdir};
	const struct tg_options o = {dirs, 1, NULL, 0, false, NULL};
	struct pl_arena *a = pl_arena_new();
	struct pl_intern *in = pl_intern_new(a);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	struct pl_diag_ctx diag;
	struct tg_records *r;
	unsigned restored, evaluated;

	pl_diag_ctx_init(&diag, sm, a);
	diag.out = fopen("/dev/null", "w");
	for (int last = 0; last < 2; last++) {
		struct tg_cache *cache = tg_cache_new();
		tg_cache_set_last(cache, last);
		for (int i = 0; i < 2; i++)
			ck_assert_int_eq(tg_load_cached(&r, cache, a, in, sm, &diag, tmp_path("kf_a.td"), &o), 0);
		tg_cache_stats(cache, &restored, &evaluated);
		if (last) {
			ck_assert_uint_eq(restored, 0);
			ck_assert_uint_eq(evaluated, 2);
		} else {
			ck_assert_uint_eq(restored, 1); /* kf_lib.td, kept by the first load */
			ck_assert_uint_eq(evaluated, 1);
		}
		tg_cache_free(cache);
	}
	tg_cache_set_last(NULL, true); /* no cache: nothing to do */
	fclose(diag.out);
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(a);
	unlink(tmp_path("kf_lib.td"));
	unlink(tmp_path("kf_a.td"));
}
END_TEST

static const char *img_dir(void)
{
	return tmp_path("img");
}

/* The path of the one image in img_dir(). */
static void only_image(char *path, size_t size)
{
	DIR *d = opendir(img_dir());
	struct dirent *de;
	unsigned n = 0;

	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.') {
			snprintf(path, size, "%s/%s", img_dir(), de->d_name);
			n++;
		}
	closedir(d);
	ck_assert_uint_eq(n, 1);
}

START_TEST(images_agree)
{
	const char *files[] = {tmp_path("user1.td"), tmp_path("user2.td"), tmp_path("user3.td"),
	                       tmp_path("user4.td"), tmp_path("dup.td"), tmp_path("plain.td"),
	                       tmp_path("useopen.td"), tmp_path("userbad.td"), tmp_path("user1.td")};
	const char *dirs[] = {tmpdir};
	unsigned restored, evaluated;

	images_read = images_written = 0;
	ck_assert_uint_eq(agree_img(img_dir(), dirs, 1, NULL, 0, files, 9, &restored, &evaluated), 2);
	/* each input with leading includes that evaluate cleanly gets an
	 * image on its first run and reads it on its second (user1's second
	 * time reads it on both) */
	ck_assert_uint_gt(images_written, 3);
	ck_assert_uint_gt(images_read, 4);
	clear_images(img_dir());
	rmdir(img_dir());
}
END_TEST

/* An included file changed since the image was written: the image is
 * stale, the input is evaluated and the image written again. */
START_TEST(stale_image_is_not_read)
{
	const char *dirs[] = {tmpdir};
	struct tg_options o = {dirs, 1, NULL, 0, true, NULL};
	unsigned e;

	images_read = images_written = 0;
	free(through_images(img_dir(), tmp_path("user4.td"), &o, &e));
	ck_assert_uint_eq(images_written, 1);
	write_file("inner.td", "class Inner<int n> { int v = n; int w = 2; }\n"
	                       "def inner0 : Inner<0>;\n");
	char *img = through_images(img_dir(), tmp_path("user4.td"), &o, &e);
	ck_assert_uint_eq(images_read, 0);
	ck_assert_uint_eq(images_written, 2);
	ck_assert_ptr_nonnull(strstr(img, "\"w\""));
	free(img);
	img = through_images(img_dir(), tmp_path("user4.td"), &o, &e);
	ck_assert_uint_eq(images_read, 1);
	ck_assert_ptr_nonnull(strstr(img, "\"w\""));
	free(img);
	clear_images(img_dir());
	rmdir(img_dir());
}
END_TEST

/* n defs of class Big named prefix0.. (big.td declares Big). */
static void write_defs(const char *name, const char *head, const char *prefix, unsigned n)
{
	struct pl_buf b = {0};

	pl_buf_puts(&b, head);
	for (unsigned i = 0; i < n; i++)
		pl_buf_printf(&b, "def %s%u : Big<%u>;\n", prefix, i, i);
	write_file(name, b.data);
	pl_buf_free(&b);
}

/* One run over inputs that share leading includes reads an image only
 * where the cache's own states hold less than half of the image's state:
 * after uA read its image (pre.td then big.td: a state only after
 * big.td), uB's image (pre.td, big.td, small.td) is not read -- uB walks
 * past pre.td, which holds no state, to big.td's and evaluates small.td
 * -- while uC's (pre.td, big.td, then the larger other.td) is.  Every
 * dump is the one without images and no image is written again; uB a
 * second time evaluates nothing.  (Reading each input's image made a run
 * over the corpus slower than one without images: each image copies
 * OpBase.td's state.) */
START_TEST(tree_states_serve_before_images)
{
	const char *dirs[] = {tmpdir};
	struct tg_options o = {dirs, 1, NULL, 0, true, NULL};
	const char *files[] = {tmp_path("uA.td"), tmp_path("uB.td"), tmp_path("uC.td"),
	                       tmp_path("uB.td")};
	unsigned e, e2, r, w, sk, restored, evaluated;

	write_defs("big.td", "class Big<int n> { int v = n; }\n", "big", 30);
	write_defs("small.td", "", "small", 1);
	write_defs("other.td", "", "other", 50);
	write_file("pre.td", "class Pre { int p = 1; }\n");
	write_file("uA.td", "include \"pre.td\"\ninclude \"big.td\"\ndef a : Big<1>;\n");
	write_file("uB.td",
	           "include \"pre.td\"\ninclude \"big.td\"\ninclude \"small.td\"\ndef b : Big<2>;\n");
	write_file("uC.td",
	           "include \"pre.td\"\ninclude \"big.td\"\ninclude \"other.td\"\ndef c : Big<3>;\n");
	images_read = images_written = 0;
	for (unsigned i = 0; i < 3; i++)
		free(through_images(img_dir(), files[i], &o, &e));
	ck_assert_uint_eq(images_written, 3);

	struct run_env run = env_new(img_dir());
	for (unsigned i = 0; i < 4; i++) {
		char *with = dump_of(run.cache, run.arena, run.in, run.sm, files[i], &o, &e);
		struct pl_arena *a2 = pl_arena_new();
		char *alone = dump_of(NULL, a2, run.in, run.sm, files[i], &o, &e2);
		ck_assert_ptr_nonnull(with);
		ck_assert_ptr_nonnull(alone);
		ck_assert_uint_eq(e, e2);
		ck_assert_msg(strcmp(with, alone) == 0, "%s: records differ", files[i]);
		free(with);
		free(alone);
		pl_arena_free(a2);
		tg_cache_image_stats(run.cache, &r, &w, &sk);
		tg_cache_stats(run.cache, &restored, &evaluated);
		if (i == 1) {
			/* uB: big.td's state serves, not the image; only small.td
			 * is evaluated */
			ck_assert_uint_eq(sk, 1);
			ck_assert_uint_eq(evaluated, 1);
		}
	}
	tg_cache_image_stats(run.cache, &r, &w, &sk);
	ck_assert_uint_eq(r, 2);  /* uA's (nothing held yet) and uC's */
	ck_assert_uint_eq(sk, 1); /* uB's, once */
	ck_assert_uint_eq(w, 0);
	/* uC's state came from its image, uB's second from the tree */
	ck_assert_uint_eq(evaluated, 1);
	env_free(&run);
	clear_images(img_dir());
	rmdir(img_dir());
}
END_TEST

/* A file appeared earlier on the include path after the image was
 * written: the path the image recorded is wrong after one chunk was
 * skipped, and the input is loaded again without it. */
START_TEST(wrong_path_loads_again)
{
	char sh[256];
	snprintf(sh, sizeof(sh), "%s/sh", tmpdir);
	ck_assert_int_eq(mkdir(sh, 0777), 0);
	const char *dirs[] = {sh, tmpdir};
	struct tg_options o = {dirs, 2, NULL, 0, true, NULL};
	unsigned e, e2;

	write_file("leaf.td", "class L { int l = 1; }\n");
	write_file("usesh.td", "include \"base.td\"\ninclude \"leaf.td\"\ndef u : L;\n");
	images_read = images_written = 0;
	free(through_images(img_dir(), tmp_path("usesh.td"), &o, &e));
	ck_assert_uint_eq(images_written, 1);
	/* names a class of base.td, whose chunk the wrong path skipped: no
	 * error may come of parsing on from there */
	write_file("sh/leaf.td", "class L : A<5> { int l = 2; }\n");
	struct pl_arena *a = pl_arena_new();
	struct pl_intern *in = pl_intern_new(a);
	struct pl_source_mgr *sm = pl_source_mgr_new();
	char *alone = dump_of(NULL, a, in, sm, tmp_path("usesh.td"), &o, &e2);
	char *img = through_images(img_dir(), tmp_path("usesh.td"), &o, &e);
	ck_assert_uint_eq(e, e2);
	ck_assert_ptr_nonnull(img);
	ck_assert_str_eq(img, alone);
	ck_assert_uint_eq(images_written, 2); /* written again */
	free(img);
	img = through_images(img_dir(), tmp_path("usesh.td"), &o, &e);
	ck_assert_str_eq(img, alone);
	ck_assert_uint_eq(images_read, 2);
	free(img);
	free(alone);
	pl_source_mgr_free(sm);
	pl_intern_free(in);
	pl_arena_free(a);
	unlink(tmp_path("sh/leaf.td"));
	rmdir(sh);
	unlink(tmp_path("leaf.td"));
	unlink(tmp_path("usesh.td"));
	clear_images(img_dir());
	rmdir(img_dir());
}
END_TEST

/* A damaged image is not read: one byte in about a hundred changed in
 * turn, and the file cut short there. */
START_TEST(damaged_image_is_not_read)
{
	const char *dirs[] = {tmpdir};
	struct tg_options o = {dirs, 1, NULL, 0, true, NULL};
	unsigned e;

	images_read = images_written = 0;
	free(through_images(img_dir(), tmp_path("user1.td"), &o, &e));
	ck_assert_uint_eq(images_written, 1);
	char path[4096];
	only_image(path, sizeof(path));
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	static char data[1 << 20];
	size_t len = fread(data, 1, sizeof(data), f);
	fclose(f);
	ck_assert_uint_gt(len, 64);
	for (size_t at = 0; at < len; at += len / 97 + 1) {
		for (int cut = 0; cut < 2; cut++) {
			f = fopen(path, "wb");
			if (cut) {
				fwrite(data, 1, at, f);
			} else {
				data[at] ^= 0x41;
				fwrite(data, 1, len, f);
				data[at] ^= 0x41;
			}
			fclose(f);
			struct run_env run = env_new(img_dir());
			unsigned r, w, sk;
			char *dump =
			    dump_of(run.cache, run.arena, run.in, run.sm, tmp_path("user1.td"), &o, &e);
			tg_cache_image_stats(run.cache, &r, &w, &sk);
			ck_assert_msg(r == 0, "a damaged image (byte %zu, %s) was read", at,
			              cut ? "cut there" : "changed");
			ck_assert_ptr_nonnull(dump);
			free(dump);
			env_free(&run);
			/* the run wrote a good image again; the next turn damages
			 * the original anew */
		}
	}
	clear_images(img_dir());
	rmdir(img_dir());
}
END_TEST

/* Payloads behind a valid header and checksum (what only a bug or a
 * hand-made file could put there) are refused without a crash: cut short,
 * counts larger than the file, ids out of range (one found by fuzz_image:
 * 16 strings promised, a few bytes given). */
START_TEST(malformed_payload_is_refused)
{
	const char *dirs[] = {tmpdir};
	struct tg_options o = {dirs, 1, NULL, 0, true, NULL};
	unsigned e;
	static const unsigned char fuzzed[] = {
		0, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		'!', 'c', 'a', 's', 't', 0, 0, ')', ')', ')', ')', ')', ')', 0, 0, 0, 0};
	static const unsigned char huge[] = {1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0};
	static const unsigned char ids[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0};
	const struct { const unsigned char *p; size_t n; } cases[] = {
		{fuzzed, sizeof(fuzzed)}, {huge, sizeof(huge)}, {ids, sizeof(ids)}, {huge, 0}};

	images_read = images_written = 0;
	free(through_images(img_dir(), tmp_path("user4.td"), &o, &e));
	ck_assert_uint_eq(images_written, 1);
	char path[4096];
	only_image(path, sizeof(path));
	char *img;
	size_t len;
	ck_assert_int_eq(pl_read_file(&img, &len, path), 0);
	uint32_t sl;
	memcpy(&sl, img + 8, 4);
	size_t head = 8 + 4 + sl;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t n = cases[i].n, h = pl_checksum(cases[i].p, cases[i].n);
		FILE *f = fopen(path, "wb");
		fwrite(img, 1, head, f);
		fwrite(&n, 1, 8, f);
		fwrite(&h, 1, 8, f);
		fwrite(cases[i].p, 1, cases[i].n, f);
		fclose(f);
		unsigned r0 = images_read;
		char *dump = through_images(img_dir(), tmp_path("user4.td"), &o, &e);
		ck_assert_msg(images_read == r0, "malformed payload %zu was read", i);
		ck_assert_ptr_nonnull(dump);
		free(dump);
	}
	free(img);
	clear_images(img_dir());
	rmdir(img_dir());
}
END_TEST

static void make_file(const char *path, off_t size, time_t mtime)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(ftruncate(fileno(f), size), 0);
	fclose(f);
	struct timespec ts[2] = {{mtime, 0}, {mtime, 0}};
	ck_assert_int_eq(utimensat(AT_FDCWD, path, ts, 0), 0);
}

/* The folder is kept under its limit, the least recently used images
 * going first; temporary files of dead writers go after an hour. */
START_TEST(folder_is_pruned)
{
	char dir[256];
	snprintf(dir, sizeof(dir), "%s/prune", tmpdir);
	ck_assert_int_eq(mkdir(dir, 0777), 0);
	time_t now = time(NULL);
	char a[300], b[300], c[300], d[300], e[300], o[300];
	snprintf(a, sizeof(a), "%s/a.tgi", dir);
	snprintf(b, sizeof(b), "%s/b.tgi", dir);
	snprintf(c, sizeof(c), "%s/c.tgi", dir);
	snprintf(d, sizeof(d), "%s/x.tgi.1.2.tmp", dir);
	snprintf(e, sizeof(e), "%s/y.tgi.1.3.tmp", dir);
	snprintf(o, sizeof(o), "%s/other.txt", dir);
	make_file(c, 100, now - 300); /* oldest write, but used just below */
	make_file(a, 100, now - 200);
	make_file(b, 100, now - 100);
	make_file(d, 10, now - 7200);
	make_file(e, 10, now);
	make_file(o, 1000, now - 9000);
	tg_image_touch(c);
	tg_image_prune(dir, 1000); /* 300 bytes of images: under the limit */
	ck_assert_int_eq(access(a, F_OK), 0);
	ck_assert_int_ne(access(d, F_OK), 0); /* a dead writer's */
	ck_assert_int_eq(access(e, F_OK), 0); /* a writer's, maybe alive */
	tg_image_prune(dir, 250); /* over: down to 186 bytes, oldest use first */
	ck_assert_int_ne(access(a, F_OK), 0);
	ck_assert_int_ne(access(b, F_OK), 0);
	ck_assert_int_eq(access(c, F_OK), 0);
	ck_assert_int_eq(access(o, F_OK), 0); /* not an image */
	unlink(c);
	unlink(e);
	unlink(o);
	rmdir(dir);
}
END_TEST

/* MLIR 16's own dialects, when installed: real include trees. */
START_TEST(mlir16_dialects_agree)
{
	const char *inc = "/usr/lib/llvm-16/include";
	const char *rel[] = {"Arith/IR/ArithOps.td", "Func/IR/FuncOps.td", "SCF/IR/SCFOps.td",
	                     "MemRef/IR/MemRefOps.td", "Tensor/IR/TensorOps.td", "Math/IR/MathOps.td"};
	char paths[6][256];
	const char *files[6];
	unsigned n = 0, restored, evaluated;

	for (unsigned i = 0; i < 6; i++) {
		snprintf(paths[n], sizeof(paths[n]), "%s/mlir/Dialect/%s", inc, rel[i]);
		if (access(paths[n], R_OK) == 0) {
			files[n] = paths[n];
			n++;
		}
	}
	if (n < 2)
		return; /* not installed: nothing to compare */
	ck_assert_uint_eq(agree(&inc, 1, NULL, 0, files, n, &restored, &evaluated), 0);
	ck_assert_uint_gt(restored, 0);
}
END_TEST

/* PL_CACHE_LIST: every group of the list file. */
START_TEST(list_agrees)
{
	const char *list = getenv("PL_CACHE_LIST");
	FILE *f = fopen(list, "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned groups = 0, inputs = 0, failed_all = 0, restored_all = 0, evaluated_all = 0;

	ck_assert_msg(f != NULL, "cannot read %s", list);
	char imgdir[] = "/tmp/check_tg_images.XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(imgdir));
	images_read = images_written = 0;
	/* each group through a cache of its own and images; then all groups
	 * through one cache, as a run over a tree of projects loads them (the
	 * groups' -I folders differ) */
	struct run_env env = env_new(NULL);
	unsigned restored_one = 0;
	for (int pass = 0; pass < 2; pass++, rewind(f))
	while (getline(&line, &cap, f) > 0) {
		const char *dirs[64], *files[4096];
		unsigned nd = 0, nf = 0, restored, evaluated;
		char *tab = strchr(line, '\t'), *save = NULL;
		if (!tab)
			continue;
		*tab = '\0';
		for (char *t = strtok_r(line, ",", &save); t && nd < 64; t = strtok_r(NULL, ",", &save))
			dirs[nd++] = t;
		for (char *t = strtok_r(tab + 1, " \n", &save); t && nf < 4096; t = strtok_r(NULL, " \n", &save))
			files[nf++] = t;
		if (pass == 1) {
			(void)agree_in(&env, NULL, dirs, nd, NULL, 0, files, nf, &restored_one, &evaluated);
			continue;
		}
		failed_all += agree_img(imgdir, dirs, nd, NULL, 0, files, nf, &restored, &evaluated);
		groups++;
		inputs += nf;
		restored_all += restored;
		evaluated_all += evaluated;
	}
	free(line);
	fclose(f);
	env_free(&env);
	clear_images(imgdir);
	rmdir(imgdir);
	printf("cache: %u groups, %u inputs agree (%u fail to load, the same way through the cache "
	       "and through images); %u chunks restored, %u evaluated under the cache; "
	       "%u images written, %u read; all groups through one cache: %u chunks restored\n",
	       groups, inputs, failed_all, restored_all, evaluated_all, images_written, images_read,
	       restored_one);
	ck_assert_uint_gt(images_read, 0);
	ck_assert_uint_gt(inputs, 0);
}
END_TEST

int main(void)
{
	const char *list = getenv("PL_CACHE_LIST");
	Suite *s = suite_create("tg_cache");
	TCase *tc = tcase_create("agree");
	int failed;

	tcase_set_timeout(tc, 3600);
	if (list && *list) {
		tcase_add_test(tc, list_agrees);
	} else {
		tcase_add_checked_fixture(tc, setup, teardown);
		tcase_add_test(tc, small_inputs_agree);
		tcase_add_test(tc, defines_agree);
		tcase_add_test(tc, folders_share_when_includes_agree);
		tcase_add_test(tc, records_same_under_folders_whose_includes_agree);
		tcase_add_test(tc, object_across_files_agrees);
		tcase_add_test(tc, long_logs_agree);
		tcase_add_test(tc, noted_defs_are_a_prefix);
		tcase_add_test(tc, shared_caches_agree);
		tcase_add_test(tc, shared_caches_evaluate_once);
		tcase_add_test(tc, prefetch_include_of_an_input_shares_as_sequential);
		tcase_add_test(tc, pdll_td_includes_in_order);
		tcase_add_test(tc, kept_from_first_load_unless_last);
		tcase_add_test(tc, mlir16_dialects_agree);
		tcase_add_test(tc, images_agree);
		tcase_add_test(tc, stale_image_is_not_read);
		tcase_add_test(tc, tree_states_serve_before_images);
		tcase_add_test(tc, wrong_path_loads_again);
		tcase_add_test(tc, damaged_image_is_not_read);
		tcase_add_test(tc, malformed_payload_is_refused);
		tcase_add_test(tc, folder_is_pruned);
	}
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
