/*
 * diag.c -- creation, counting and clang-style rendering of diagnostics.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "diag.h"
#include "arena.h"
#include "source.h"

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
	(void)ud;
	pl_diag_render(ctx->out ? ctx->out : stderr, ctx->sm, d, ctx->color);
}

void pl_diag_ctx_init(struct pl_diag_ctx *ctx, struct pl_source_mgr *sm, struct pl_arena *arena)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->sm = sm;
	ctx->arena = arena;
	ctx->sink.emit = text_emit;
	ctx->out = stderr;
	ctx->color = pl_diag_want_color(stderr);
}

static char *vformat(struct pl_arena *a, const char *fmt, va_list ap)
{
	struct pl_buf b = {0};

	if (fmt[0] == '%' && fmt[1] == 's' && fmt[2] == '\0') {
		const char *arg = va_arg(ap, const char *);
		return pl_arena_strdup(a, arg ? arg : "(null)");
	}

	pl_buf_vprintf(&b, fmt, ap);
	char *s = pl_arena_strndup(a, pl_buf_cstr(&b), b.len);
	pl_buf_free(&b);
	return s;
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

void pl_diag_note(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                  const char *fmt, ...)
{
	va_list ap;
	struct pl_note *n = PL_NEW(ctx->arena, struct pl_note);

	va_start(ap, fmt);
	n->msg = vformat(ctx->arena, fmt, ap);
	va_end(ap);
	n->span = span;
	*d->tail = n;
	d->tail = &n->next;
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

/* The source line of span with a caret under its first byte and tildes
 * under the rest of the span on that line. */
/* Write s[0..n) to f with terminal control characters (ESC and friends)
 * shown as '?', so that a hostile file name, message or source line cannot
 * drive the terminal.  Tabs stay; newlines stay when allow_nl (multi-line
 * notes such as witness IR). */
static void put_clean(FILE *f, const char *s, size_t n, bool allow_nl)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t' && !(allow_nl && c == '\n')) || c == 0x7f)
			c = '?';
		fputc(c, f);
	}
}

static void render_excerpt(FILE *f, struct pl_source_file *sf, struct pl_span span, bool color)
{
	size_t len;
	const char *line = pl_source_line_text(sf, span.off, &len);

	struct pl_buf b = {0};

	pl_buf_reserve(&b, 2 * len + 32);
	pl_buf_putc(&b, ' ');
	pl_buf_add(&b, line, len);
	for (size_t i = 1; i <= len; i++) { /* no terminal control from the source */
		unsigned char c = (unsigned char)b.data[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			b.data[i] = '?';
	}
	pl_buf_add(&b, "\n ", 2);
	/* Keep tabs so the caret lines up under the same text. */
	for (uint32_t i = 1; i < span.col && i - 1 < len; i++)
		b.data[b.len++] = line[i - 1] == '\t' ? '\t' : ' ';
	if (color)
		pl_buf_puts(&b, C_GREEN);
	pl_buf_putc(&b, '^');
	uint32_t last = span.end_line == span.line ? span.end_col : (uint32_t)len + 1;
	pl_buf_reserve(&b, len + 1);
	for (uint32_t c = span.col + 1; c < last && c - 1 < len; c++)
		b.data[b.len++] = '~';
	if (color)
		pl_buf_puts(&b, C_RESET);
	pl_buf_putc(&b, '\n');
	fwrite(b.data, 1, b.len, f);
	pl_buf_free(&b);
}

static void render_one(FILE *f, struct pl_source_mgr *sm, enum pl_severity sev, const char *rule,
                       struct pl_span span, const char *msg, bool color)
{
	struct pl_source_file *sf = pl_source_get(sm, span.file);

	if (color)
		fputs(C_BOLD, f);
	if (sf) {
		put_clean(f, sf->path, strlen(sf->path), false);
		fprintf(f, ":%u:%u: ", span.line, span.col);
	} else {
		fputs("patlint: ", f);
	}
	if (color)
		fputs(sev_colors[sev], f);
	fprintf(f, "%s: ", pl_severity_name(sev));
	if (color)
		fputs(C_RESET C_BOLD, f);
	put_clean(f, msg, strlen(msg), true);
	if (rule)
		fprintf(f, " [%s]", rule);
	if (color)
		fputs(C_RESET, f);
	fputc('\n', f);
	if (sf && span.off <= sf->len)
		render_excerpt(f, sf, span, color);
}

void pl_diag_render(FILE *f, struct pl_source_mgr *sm, const struct pl_diag *d, bool color)
{
	render_one(f, sm, d->sev, d->rule, d->span, d->msg, color);
	for (const struct pl_note *n = d->notes; n; n = n->next)
		render_one(f, sm, PL_SEV_NOTE, NULL, n->span, n->msg, color);
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
