/*
 * diag.h -- the one reporting API: every input error, warning and rule
 * finding in patlint goes through pl_diag / pl_diag_begin.
 *
 * A diagnostic has a severity, an optional rule id (NULL for input errors
 * such as a TableGen syntax error), a primary span, a message, and notes
 * for related locations.  Where it goes is decided by the context's sink:
 * the default sink prints clang-style text at once; report writers install
 * a collecting sink.  Diagnostics live in the context's arena.
 */
#ifndef PL_DIAG_H
#define PL_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "source.h"
#include "util.h"

struct pl_arena;
struct pl_source_mgr;
struct pl_diag_ctx;

enum pl_severity {
	PL_SEV_NOTE = 0, /* ORDER: pl_severity_name */
	PL_SEV_WARNING,
	PL_SEV_ERROR,
	PL_SEV_COUNT
};

struct pl_note {
	struct pl_span span;  /* related location; file 0 for a plain note */
	const char *msg;      /* text */
	struct pl_note *next; /* next note of the same diagnostic */
};

struct pl_diag {
	enum pl_severity sev;   /* severity */
	const char *rule;       /* rule id, NULL for an input error */
	struct pl_span span;    /* primary location; file 0 for none */
	const char *msg;        /* message, without location or rule */
	struct pl_note *notes;  /* related locations, in order */
	struct pl_note **tail;  /* where the next note is linked */
	void *extra;            /* payload for report writers (owned by arena) */
	bool uncertain;         /* a rule's "may" finding (it rests on something patlint
	                         * cannot decide): reported as a note, whatever the
	                         * rule's severity */
	bool msg_clean;         /* msg is known to hold no terminal control byte (but
	                         * tab): rendered without scanning it */
};

/* Where diagnostics go.  emit is called once per finished diagnostic. */
struct pl_diag_sink {
	void (*emit)(void *ud, struct pl_diag_ctx *ctx, const struct pl_diag *d);
	void *ud;
};

struct pl_diag_ctx {
	struct pl_source_mgr *sm;      /* for file names and source lines */
	struct pl_arena *arena;        /* diagnostics are allocated here */
	struct pl_diag_sink sink;      /* destination */
	unsigned count[PL_SEV_COUNT];  /* diagnostics emitted, per severity */
	unsigned max_errors;           /* stop printing after this many errors; 0 = no cap */
	unsigned suppressed;           /* errors dropped by max_errors */
	int color;                     /* ANSI colors in text output: 1, 0, or -1 to
	                                * ask pl_diag_want_color of out at the first
	                                * diagnostic the default sink writes */
	FILE *out;                     /* stream of the default text sink */
};

/* Set up ctx with the default sink: clang-style text on stderr (out),
 * colored when out is a terminal and NO_COLOR is unset or empty (asked at
 * the first diagnostic it writes, unless color is set before). */
void pl_diag_ctx_init(struct pl_diag_ctx *ctx, struct pl_source_mgr *sm, struct pl_arena *arena);

/* Emit a finished diagnostic. */
void pl_diag(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
             struct pl_span span, const char *fmt, ...) PL_PRINTF(5, 6);
void pl_vdiag(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
              struct pl_span span, const char *fmt, va_list ap);

/* Build a diagnostic with notes: begin, add notes, then end emits it. */
struct pl_diag *pl_diag_begin(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
                              struct pl_span span, const char *fmt, ...) PL_PRINTF(5, 6);
void pl_diag_note(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                  const char *fmt, ...) PL_PRINTF(4, 5);
void pl_diag_end(struct pl_diag_ctx *ctx, struct pl_diag *d);
/* The same with a va_list, for wrappers that add to the message. */
struct pl_diag *pl_diag_vbegin(struct pl_diag_ctx *ctx, enum pl_severity sev, const char *rule,
                               struct pl_span span, const char *fmt, va_list ap);
void pl_diag_vnote(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                   const char *fmt, va_list ap);
/* A note whose text is text itself, not a copy: text must live as long as
 * d (an arena string), and may be shared by many diagnostics. */
void pl_diag_note_text(struct pl_diag_ctx *ctx, struct pl_diag *d, struct pl_span span,
                       const char *text);

/* Errors emitted so far. */
static inline unsigned pl_diag_errors(const struct pl_diag_ctx *ctx)
{
	return ctx->count[PL_SEV_ERROR];
}

/* Diagnostics of every severity emitted so far. */
static inline unsigned pl_diag_total(const struct pl_diag_ctx *ctx)
{
	unsigned n = 0;

	for (int i = 0; i < PL_SEV_COUNT; i++)
		n += ctx->count[i];
	return n;
}

/* "error", "warning", "note". */
const char *pl_severity_name(enum pl_severity sev);
/* Parse a severity name; returns 0 or -1. */
int pl_severity_parse(enum pl_severity *out, const char *name);

/* Whether text written to f should be colored (a terminal, NO_COLOR unset
 * or empty). */
bool pl_diag_want_color(FILE *f);

/* Render d clang-style to f: "file:line:col: severity: message [rule]",
 * the source line with a caret under the span, then each note the same
 * way. */
void pl_diag_render(FILE *f, struct pl_source_mgr *sm, const struct pl_diag *d, bool color);
/* Ask the cache for what rendering d reads, in two steps a few
 * diagnostics apart: step 0 for d's message and its notes' nodes, step 1
 * (once those are in) for the notes' messages.  Only a hint. */
void pl_diag_prefetch(const struct pl_diag *d, int step);

/* Print "N errors, N warnings and N notes generated." to f when anything
 * was emitted; nothing when clean. */
void pl_diag_summary(FILE *f, const struct pl_diag_ctx *ctx);

#endif /* PL_DIAG_H */
