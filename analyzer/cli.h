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

/* One --enable or --disable, kept in command-line order. */
struct pl_rule_switch {
	bool enable;              /* --enable (true) or --disable */
	const char *ids;          /* comma-separated rule ids, "all" (points into argv) */
};

struct pl_options {
	enum pl_cmd cmd;          /* subcommand */
	const char *dump_what;    /* dump: tokens, records or patterns */
	struct pl_vec include_dirs; /* -I, in order (const char *) */
	struct pl_vec compdbs;      /* --compilation-database files, in order */
	struct pl_vec defines;    /* -D macro names (const char *) */
	struct pl_vec inputs;     /* positional paths (const char *) */
	struct pl_vec patterns;   /* run: --patterns files */
	const char *input;        /* run: --input fixture */
	const char *format;       /* --format, NULL = the subcommand's default */
	const char *output;       /* -o FILE, NULL = stdout */
	enum pl_color color;      /* --color */
	unsigned max_errors;      /* --max-errors, 0 = no cap */
	unsigned jobs;            /* check: -j/--jobs, 0 = the number of cores */
	bool no_include_cache;    /* check: --no-include-cache */
	const char *cache_dir;    /* check: --cache-dir, or NULL */
	unsigned max_iterations;  /* run: --max-iterations */
	unsigned max_rewrites;    /* run: --max-rewrites, 0 = none */
	struct pl_vec assumes;    /* run: --assume NAME=true|false (const char *, into argv) */
	bool trace;               /* run: --trace */
	struct pl_vec rule_switches; /* check: --enable/--disable (struct pl_rule_switch *, owned) */
	const char *config;       /* check: --config FILE, NULL = look for .patlint.toml */
	bool no_config;           /* check: --no-config */
	const char *fail_on;      /* check: --fail-on (error, warning, note, none), NULL = config */
	const char *baseline;     /* check: --baseline FILE.sarif */
	const char *write_baseline; /* check: --write-baseline FILE */
	bool list_rules;          /* check: --list-rules */
	bool verify;              /* check: --verify (confirm findings with the engine) */
	const char *fixtures;     /* check: --fixtures DIR of .mlir files (implies --verify) */
	bool split_input;         /* --split-input-file (check, dump patterns/ir) */
	bool allow_include_outside; /* --allow-include-outside: no include confinement */
	const char *graph_pattern;/* graph: --pattern NAME */
	bool graph_set;           /* graph: --set */
	const char *cluster;      /* graph: --cluster (file, dialect, none), NULL = file */
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
