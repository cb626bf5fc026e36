/*
 * diag.c -- creation, counting and clang-style rendering of diagnostics.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "diag.h"
#include "arena.h"
#include "source.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const sev_names[PL_SEV_COUNT] = {"note", "warning", "error"};
/* clang's colors: cyan notes, magenta warnings, red errors. */
static const char *const sev_colors[PL_SEV_COUNT] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
#define C_BOLD "\033[1m"
#define C_GREEN "\033[1;32m"
#define C_RESET "\033[0m"

const char *pl_severity_name(enum pl_severity sev)
{
	return (unsigned)sev < PL_SEV_COUNT ? sev_names[sev] : "error";
}

int pl_severity_parse(enum pl_severity *out, const char *name)
{
	for (int i = 0; i < PL_SEV_COUNT; i++) {
		if (strcmp(name, sev_names[i]) == 0) {
			*out = (enum pl_severity)i;
			return 0;
		}
	}
	return -1;
}

bool pl_diag_want_color(FILE *f)
{
	const char *nc = getenv("NO_COLOR");

	if (nc && *nc)
		return false;
	return isatty(fileno(f)) != 0;
}

static void text_emit(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d)
{
	FILE *f = ctx->out ? ctx->out : stderr;

	(void)ud;
	if (ctx->color < 0)
		ctx->color = pl_diag_want_color(f);
	pl_diag_render(f, ctx->sm, d, ctx->color != 0);
}

void pl_diag_ctx_init(struct pl_diag_ctx *ctx, struct pl_source_mgr *sm, struct pl_arena *arena)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->sm = sm;
	ctx->arena = arena;
	ctx->sink.emit = text_emit;
	ctx->out = stderr;
	/* decided when the default sink first writes: most contexts record
	 * into a sink of their own (a -j 2 corpus run made 317 of them, each
	 * asking the terminal) */
	ctx->color = -1;
}

static char *vformat(struct pl_arena *a, const char *fmt, va_list ap)
{
	if (fmt[0] == '%' && fmt[1] == 's' && fmt[2] == '\0') {
		const char *arg = va_arg(ap, const char *);
		return pl_arena_strdup(a, arg ? arg : "(null)");
	}
	return pl_arena_vprintf(a, fmt, ap);
}

static struct pl_diag *vbegin(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
                              struct pl_span span, const char *fmt, va_list ap)
{
	struct pl_diag *d = PL_NEW(ctx->arena, struct pl_diag);

	d->sev = sev;
	d->rule = rule;
	d->span = span;
	d->msg = vformat(ctx->arena, fmt, ap);
	d->tail = &d->notes;
	return d;
}

struct pl_diag *pl_diag_begin(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
                              struct pl_span span, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	struct pl_diag *d = vbegin(ctx, sev, rule, span, fmt, ap);
	va_end(ap);
	return d;
}

struct pl_diag *pl_diag_vbegin(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
                               struct pl_span span, const char *fmt, va_list ap)
{
	return vbegin(ctx, sev, rule, span, fmt, ap);
}

void pl_diag_vnote(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                   const char *fmt, va_list ap)
{
	struct pl_note *n = PL_NEW(ctx->arena, struct pl_note);

	n->msg = vformat(ctx->arena, fmt, ap);
	n->span = span;
	*d->tail = n;
	d->tail = &n->next;
}

void pl_diag_note_text(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                       const char *text)
{
	struct pl_note *n = PL_NEW(ctx->arena, struct pl_note);

	n->msg = text;
	n->span = span;
	*d->tail = n;
	d->tail = &n->next;
}

void pl_diag_note(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pl_diag_vnote(ctx, d, span, fmt, ap);
	va_end(ap);
}

void pl_diag_end(struct pl_diag_ctx *ctx, struct pl_diag *d)
{
	ctx->count[d->sev]++;
	if (d->sev == PL_SEV_ERROR && ctx->max_errors && ctx->count[PL_SEV_ERROR] > ctx->max_errors) {
		ctx->suppressed++;
		return;
	}
	if (ctx->sink.emit)
		ctx->sink.emit(ctx->sink.ud, ctx, d);
}

void pl_vdiag(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
              struct pl_span span, const char *fmt, va_list ap)
{
	pl_diag_end(ctx, vbegin(ctx, sev, rule, span, fmt, ap));
}

void pl_diag(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
             struct pl_span span, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pl_vdiag(ctx, sev, rule, span, fmt, ap);
	va_end(ap);
}

/* Rendering writes through a small stack buffer flushed with fwrite: a
 * report of many thousands of findings would otherwise spend most of its
 * time in per-character fputc and in fprintf's format parsing. */
struct rout {
	FILE *f;
	size_t n;
	char buf[8192];
};

static void rout_flush(struct rout *o)
{
	if (o->n)
		fwrite(o->buf, 1, o->n, o->f);
	o->n = 0;
}

/* Room for n more bytes in the buffer (flushing first when needed); false
 * when n does not fit even in an empty buffer. */
static bool rout_room(struct rout *o, size_t n)
{
	if (o->n + n > sizeof o->buf)
		rout_flush(o);
	return n <= sizeof o->buf;
}

static inline void rout_add(struct rout *o, const char *s, size_t n)
{
	if (!rout_room(o, n)) {
		fwrite(s, 1, n, o->f);
		return;
	}
	pl_mem_copy(o->buf + o->n, s, n);
	o->n += n;
}

static void rout_puts(struct rout *o, const char *s)
{
	rout_add(o, s, strlen(s));
}

static void rout_putc(struct rout *o, char c)
{
	rout_room(o, 1);
	o->buf[o->n++] = c;
}

/* n copies of c. */
static void rout_fill(struct rout *o, char c, size_t n)
{
	while (n) {
		size_t m = n < sizeof o->buf ? n : sizeof o->buf;
		rout_room(o, m);
		memset(o->buf + o->n, c, m);
		o->n += m;
		n -= m;
	}
}

/* A blank under each of line[0..n): a tab under a tab, a space under
 * anything else. */
static void rout_under(struct rout *o, const char *line, size_t n)
{
	while (n) {
		size_t m = n < sizeof o->buf ? n : sizeof o->buf;
		rout_room(o, m);
		char *d = o->buf + o->n;
		for (size_t i = 0; i < m; i++)
			d[i] = line[i] == '\t' ? '\t' : ' ';
		o->n += m;
		line += m;
		n -= m;
	}
}

static void rout_uint(struct rout *o, unsigned v)
{
	/* line and column numbers: mostly under five digits */
	unsigned digits = v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : 5;

	for (unsigned x = v / 100000; x; x /= 10)
		digits++;
	rout_room(o, digits);
	char *d = o->buf + o->n + digits;
	do
		*--d = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	o->n += digits;
}

/* Write s[0..n) with terminal control characters (ESC and friends) shown
 * as '?', so that a hostile file name, message or source line cannot drive
 * the terminal.  Tabs stay; newlines stay when allow_nl (multi-line notes
 * such as witness IR).  Clean runs are copied whole. */
static void put_clean(struct rout *o, const char *s, size_t n, bool allow_nl)
{
	for (;;) {
		size_t j = pl_find_ctl(s, n, allow_nl);
		rout_add(o, s, j);
		if (j == n)
			return;
		rout_putc(o, '?');
		s += j + 1;
		n -= j + 1;
	}
}

/* The source line of span with a caret under its first byte and tildes
 * under the rest of the span on that line. */
static void render_excerpt(struct rout *o, struct pl_source_file *sf, struct pl_span span, bool color)
{
	size_t len;
	const char *line = pl_source_span_line(sf, span, &len);

	rout_putc(o, ' ');
	if (pl_source_text_clean(sf)) /* a line of it holds no newline */
		rout_add(o, line, len);
	else
		put_clean(o, line, len, false);
	rout_add(o, "\n ", 2);
	/* Keep tabs so the caret lines up under the same text. */
	size_t lead = span.col > 1 ? span.col - 1 : 0;
	rout_under(o, line, lead < len ? lead : len);
	if (color)
		rout_puts(o, C_GREEN);
	rout_putc(o, '^');
	/* tildes under columns col + 1 .. last - 1 that are on the line */
	size_t last = span.end_line == span.line ? span.end_col : len + 1;
	if (last > len + 1)
		last = len + 1;
	if (last > (size_t)span.col + 1)
		rout_fill(o, '~', last - span.col - 1);
	if (color)
		rout_puts(o, C_RESET);
	rout_putc(o, '\n');
}

static void render_one(struct rout *o, struct pl_source_mgr *sm, enum pl_severity sev,
                       const char *rule, struct pl_span span, const char *msg, bool msg_clean,
                       bool color)
{
	struct pl_source_file *sf = pl_source_get(sm, span.file);

	if (color)
		rout_puts(o, C_BOLD);
	if (sf) {
		if (sf->path_clean)
			rout_add(o, sf->path, sf->path_len);
		else
			put_clean(o, sf->path, sf->path_len, false);
		rout_putc(o, ':');
		rout_uint(o, span.line);
		rout_putc(o, ':');
		rout_uint(o, span.col);
		rout_add(o, ": ", 2);
	} else {
		rout_puts(o, "patlint: ");
	}
	if (color)
		rout_puts(o, sev_colors[sev]);
	rout_puts(o, pl_severity_name(sev));
	rout_add(o, ": ", 2);
	if (color)
		rout_puts(o, C_RESET C_BOLD);
	if (msg_clean)
		rout_puts(o, msg);
	else
		put_clean(o, msg, strlen(msg), true);
	if (rule) {
		rout_add(o, " [", 2);
		rout_puts(o, rule);
		rout_putc(o, ']');
	}
	if (color)
		rout_puts(o, C_RESET);
	rout_putc(o, '\n');
	if (sf && span.off <= sf->len)
		render_excerpt(o, sf, span, color);
}

void pl_diag_prefetch(const struct pl_diag *d, int step)
{
	if (step == 0) {
		/* the message's second line too (a hint: no pointer past its end
		 * is made) */
		__builtin_prefetch(d->msg);
		__builtin_prefetch((const void *)((uintptr_t)d->msg + 64));
		__builtin_prefetch(d->notes);
		return;
	}
	unsigned k = 0;
	for (const struct pl_note *n = d->notes; n && k < 4; n = n->next, k++)
		__builtin_prefetch(n->msg);
}

void pl_diag_render(FILE *f, struct pl_source_mgr *sm, const struct pl_diag *d, bool color)
{
	struct rout o;

	o.f = f;
	o.n = 0;
	render_one(&o, sm, d->sev, d->rule, d->span, d->msg, d->msg_clean, color);
	for (const struct pl_note *n = d->notes; n; n = n->next)
		render_one(&o, sm, PL_SEV_NOTE, NULL, n->span, n->msg, false, color);
	rout_flush(&o);
}

void pl_diag_summary(FILE *f, const struct pl_diag_ctx *ctx)
{
	static const char *const names[PL_SEV_COUNT] = {"note", "warning", "error"};
	char parts[3][48];
	int n = 0;

	for (int s = PL_SEV_ERROR; s >= PL_SEV_NOTE; s--) {
		unsigned c = ctx->count[s];
		if (c)
			snprintf(parts[n++], sizeof(parts[0]), "%u %s%s", c, names[s], c == 1 ? "" : "s");
	}
	if (n == 0)
		return;
	if (n == 1)
		fprintf(f, "%s generated.\n", parts[0]);
	else if (n == 2)
		fprintf(f, "%s and %s generated.\n", parts[0], parts[1]);
	else
		fprintf(f, "%s, %s and %s generated.\n", parts[0], parts[1], parts[2]);
	if (ctx->suppressed)
		fprintf(f, "%u more error%s not shown (--max-errors).\n", ctx->suppressed,
		        ctx->suppressed == 1 ? "" : "s");
}
