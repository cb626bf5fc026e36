/*
 * fuzz_image.c -- libFuzzer target for the include cache's images
 * (parsers/tablegen/tg_image.c).  The first byte selects:
 *
 *   0: differential.  The rest is the text of an included file
 *      (fuzz-inc.td), up to an optional line "//--", and the rest of a
 *      main file that includes it.  The main file is loaded as three runs
 *      of their own (new arena, intern table and source manager each):
 *      alone, then twice with an image folder, so that the second run
 *      writes the image and the third reads it.  Each must give what the
 *      file gives alone: the same error count and --dump-json output.  A
 *      difference aborts.
 *   1: the reader.  The rest is an image's payload; the target puts a
 *      valid header (magic, stamp, length, checksum) before it, so the
 *      fuzzer gets past the checksum, and reads it into a fresh keeper.
 *      It must fail or succeed without a crash, a leak or a hang.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests/fuzz/fuzz_common.h"

#include "analyzer/util.h"
#include "parsers/tablegen/tg.h"
#include "parsers/tablegen/tg_image.h"
#include "parsers/tablegen/tg_p.h"

static char img_dir[64];

static void clear_dir(void)
{
	DIR *d = opendir(img_dir);
	struct dirent *e;
	char path[512];

	if (!d)
		return;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", img_dir, e->d_name);
			unlink(path);
		}
	closedir(d);
}

/* One run of its own: load the main file (with images in img_dir when
 * images); the dump (malloc'd, NULL when the load failed) and the error
 * count. */
static char *run(const char *inc, size_t inc_len, const char *main, size_t main_len, bool images,
                 unsigned *errors)
{
	struct fuzz_run r;
	struct tg_options opts = {0};
	struct tg_records *recs = NULL;
	char *buf = NULL;
	size_t len = 0;

	fuzz_begin(&r);
	pl_source_add(r.sm, "fuzz-inc.td", inc, inc_len);
	pl_source_add(r.sm, "fuzz-main.td", main, main_len);
	struct tg_cache *cache = tg_cache_new();
	if (images)
		tg_cache_set_dir(cache, img_dir);
	int rc = tg_load_cached(&recs, cache, r.arena, r.intern, r.sm, &r.diag, "fuzz-main.td", &opts);
	*errors = pl_diag_errors(&r.diag);
	if (rc == 0 && recs) {
		FILE *f = open_memstream(&buf, &len);
		if (!f)
			abort();
		tg_dump_json(f, recs);
		fclose(f);
	}
	tg_cache_free(cache);
	fuzz_end(&r);
	return buf;
}

static void differential(const char *text, size_t size)
{
	const char *sep = NULL;

	for (size_t i = 0; i + 5 <= size && !sep; i++)
		if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, "//--\n", 5) == 0)
			sep = text + i;
	size_t inc_len = sep ? (size_t)(sep - text) : size;
	struct pl_buf main = {0};
	pl_buf_puts(&main, "include \"fuzz-inc.td\"\n");
	if (sep)
		pl_buf_add(&main, sep + 5, size - inc_len - 5);
	else
		pl_buf_puts(&main, "def fuzz_main;\n");

	unsigned e0, e;
	char *alone = run(text, inc_len, main.data, main.len, false, &e0);
	for (int i = 0; i < 2; i++) {
		char *img = run(text, inc_len, main.data, main.len, true, &e);
		if (e != e0 || !img != !alone || (img && strcmp(img, alone) != 0)) {
			fprintf(stderr, "fuzz_image: run %d through images differs (errors %u/%u)\n", i + 2,
			        e, e0);
			abort();
		}
		free(img);
	}
	free(alone);
	pl_buf_free(&main);
	clear_dir();
}

/* Make a well-formed header for payload data[0..size) from an image this
 * target writes itself (so the stamp is this build's), and read it. */
static void reader(const char *data, size_t size)
{
	static char *head;
	static size_t head_len;

	if (!head) {
		/* the header of a real image: everything before its payload */
		static const char inc[] = "class C { int x = 1; }\n";
		static const char main[] = "include \"fuzz-inc.td\"\ndef d : C;\n";
		unsigned e;
		free(run(inc, sizeof(inc) - 1, main, sizeof(main) - 1, true, &e));
		DIR *d = opendir(img_dir);
		struct dirent *de;
		char path[512] = "";
		while (d && (de = readdir(d)) != NULL)
			if (de->d_name[0] != '.')
				snprintf(path, sizeof(path), "%s/%s", img_dir, de->d_name);
		if (d)
			closedir(d);
		char *img;
		size_t len;
		if (!*path || pl_read_file(&img, &len, path) < 0 || len < 28)
			abort();
		uint32_t sl;
		memcpy(&sl, img + 8, 4);
		head_len = 8 + 4 + sl + 16;
		head = img;
		clear_dir();
	}
	struct pl_buf b = {0};
	uint64_t len = size, h = pl_checksum(data, size);
	pl_buf_add(&b, head, head_len - 16);
	pl_buf_add(&b, (const char *)&len, 8);
	pl_buf_add(&b, (const char *)&h, 8);
	pl_buf_add(&b, data, size);

	struct fuzz_run r;
	struct tg_keeper k;
	struct tg_lex_chunk **chunks;
	unsigned n;
	fuzz_begin(&r);
	tg_keeper_init(&k, r.arena, r.intern, &r.diag, r.sm, NULL);
	struct tg_hmap *mcs = tg_hmap_new(NULL);
	tg_image_read_buffer(b.data, b.len, &k, mcs, r.arena, &chunks, &n, NULL, NULL);
	tg_hmap_free(mcs);
	fuzz_end(&r);
	pl_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!*img_dir) {
		strcpy(img_dir, "/tmp/fuzz_image.XXXXXX");
		if (!mkdtemp(img_dir))
			abort();
	}
	if (size < 1)
		return 0;
	if (data[0] == 1)
		reader((const char *)data + 1, size - 1);
	else
		differential((const char *)data + 1, size - 1);
	return 0;
}
