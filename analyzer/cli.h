/*
 * cli.h -- command-line parsing for every patlint subcommand.
 *
 * One table of options serves all subcommands; each option names the
 * subcommands that accept it, so --help and the parser cannot drift apart.
 * Parsed values point into argv or into heap vectors owned by the options
 * struct (released with pl_cli_free).
 */
#ifndef PL_CLI_H
#define PL_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "util.h"

enum pl_cmd {
	PL_CMD_CHECK = 0, /* ORDER: cmd_names in cli.c */
	PL_CMD_DUMP,
	PL_CMD_RUN,
	PL_CMD_GRAPH,
	PL_CMD_COUNT
};

enum pl_color { PL_COLOR_AUTO = 0, PL_COLOR_ALWAYS, PL_COLOR_NEVER };

struct pl_options {
	enum pl_cmd cmd;          /* subcommand */
	const char *dump_what;    /* dump: tokens, records or patterns */
	struct pl_vec include_dirs; /* -I, in order (const char *) */
	struct pl_vec defines;    /* -D macro names (const char *) */
	struct pl_vec inputs;     /* positional paths (const char *) */
	struct pl_vec patterns;   /* run: --patterns files */
	const char *input;        /* run: --input fixture */
	const char *format;       /* --format, NULL = the subcommand's default */
	const char *output;       /* -o FILE, NULL = stdout */
	enum pl_color color;      /* --color */
	unsigned max_errors;      /* --max-errors, 0 = no cap */
	unsigned max_iterations;  /* run: --max-iterations */
	unsigned max_rewrites;    /* run: --max-rewrites, 0 = none */
	bool help;                /* --help was given */
	bool version;             /* --version was given */
};

/* Parse argv.  Returns 0, or -1 after printing a usage error to err. */
int pl_cli_parse(struct pl_options *out, int argc, char **argv, FILE *err);
void pl_cli_free(struct pl_options *o);

/* Print the full --help text for cmd (PL_CMD_COUNT: the overview). */
void pl_cli_help(FILE *f, enum pl_cmd cmd);
void pl_cli_version(FILE *f);
const char *pl_cmd_name(enum pl_cmd cmd);

#endif /* PL_CLI_H */
