/*
 * cli.c -- option table, argument parsing and --help text.
 */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *const cmd_names[PL_CMD_COUNT] = {"check", "dump", "run", "graph"};

#define CMD_BIT(c) (1u << (c))
#define ALL_CMDS (CMD_BIT(PL_CMD_CHECK) | CMD_BIT(PL_CMD_DUMP) | CMD_BIT(PL_CMD_RUN) | CMD_BIT(PL_CMD_GRAPH))

enum opt_id {
	OPT_INCLUDE, OPT_DEFINE, OPT_FORMAT, OPT_OUTPUT, OPT_COLOR, OPT_MAX_ERRORS,
	OPT_PATTERNS, OPT_INPUT, OPT_MAX_ITER, OPT_MAX_REWRITES, OPT_ASSUME, OPT_TRACE,
	OPT_ENABLE, OPT_DISABLE, OPT_CONFIG, OPT_NO_CONFIG, OPT_FAIL_ON, OPT_BASELINE,
	OPT_WRITE_BASELINE, OPT_LIST_RULES, OPT_VERIFY, OPT_FIXTURES, OPT_SPLIT, OPT_ALLOW_OUTSIDE, OPT_PATTERN, OPT_SET, OPT_CLUSTER,
	OPT_JOBS, OPT_NO_INCLUDE_CACHE, OPT_CACHE_DIR, OPT_COMPDB, OPT_HELP, OPT_VERSION
};

struct opt {
	enum opt_id id;        /* which option */
	char short_name;       /* 'I', or 0 */
	const char *long_name; /* "include-dir", or NULL */
	bool has_arg;          /* takes a value */
	unsigned cmds;         /* subcommands accepting it */
	const char *arg_name;  /* for --help */
	const char *help;      /* one line for --help */
};

static const struct opt opts[] = {
	{OPT_INCLUDE, 'I', "include-dir", true, ALL_CMDS, "DIR",
	 "search DIR for included files (after the working directory), in order"},
	{OPT_DEFINE, 'D', "define", true, ALL_CMDS, "NAME",
	 "define the TableGen preprocessor macro NAME"},
	{OPT_COMPDB, 0, "compilation-database", true, ALL_CMDS, "FILE",
	 "include dirs per file, from MLIR's tablegen/pdll_compile_commands.yml (repeatable)"},
	{OPT_ALLOW_OUTSIDE, 0, "allow-include-outside", false, ALL_CMDS, NULL,
	 "let includes read files outside the working directory, -I dirs and the includer's folder"},
	{OPT_FORMAT, 0, "format", true, ALL_CMDS, "FMT",
	 "output format: check: text (default), json, sarif; dump records/patterns/ops: json; dump tokens/ir: text; run: text; graph: dot (default), svg, png"},
	{OPT_OUTPUT, 'o', "output", true, ALL_CMDS, "FILE",
	 "write the output to FILE (via a temporary file and rename)"},
	{OPT_COLOR, 0, "color", true, ALL_CMDS, "WHEN",
	 "color diagnostics: auto (default; off when NO_COLOR is set), always, never"},
	{OPT_MAX_ERRORS, 0, "max-errors", true, ALL_CMDS, "N",
	 "print at most N errors (0 = no limit)"},
	{OPT_PATTERNS, 0, "patterns", true, CMD_BIT(PL_CMD_RUN), "FILE",
	 "pattern file to execute (repeatable)"},
	{OPT_INPUT, 0, "input", true, CMD_BIT(PL_CMD_RUN), "FILE", "MLIR fixture to rewrite"},
	{OPT_MAX_ITER, 0, "max-iterations", true, CMD_BIT(PL_CMD_RUN), "N",
	 "greedy driver iteration limit (default 10)"},
	{OPT_MAX_REWRITES, 0, "max-rewrites", true, CMD_BIT(PL_CMD_RUN), "N",
	 "greedy driver rewrite limit (default: none)"},
	{OPT_ASSUME, 0, "assume", true, CMD_BIT(PL_CMD_RUN) | CMD_BIT(PL_CMD_CHECK), "NAME=BOOL",
	 "state the result (true or false) of native constraint NAME (repeatable; check: for --verify)"},
	{OPT_TRACE, 0, "trace", false, CMD_BIT(PL_CMD_RUN), NULL,
	 "log each considered op and applied pattern to stderr"},
	{OPT_ENABLE, 0, "enable", true, CMD_BIT(PL_CMD_CHECK), "RULES",
	 "enable the comma-separated rule ids (or 'all'), after the configuration file"},
	{OPT_DISABLE, 0, "disable", true, CMD_BIT(PL_CMD_CHECK), "RULES",
	 "disable the comma-separated rule ids (or 'all'), after the configuration file"},
	{OPT_CONFIG, 0, "config", true, CMD_BIT(PL_CMD_CHECK), "FILE",
	 "read rule settings from FILE instead of the nearest .patlint.toml"},
	{OPT_NO_CONFIG, 0, "no-config", false, CMD_BIT(PL_CMD_CHECK), NULL,
	 "read no configuration file"},
	{OPT_FAIL_ON, 0, "fail-on", true, CMD_BIT(PL_CMD_CHECK), "LEVEL",
	 "exit with status 1 for findings at or above LEVEL: error, warning (default), note, none"},
	{OPT_BASELINE, 0, "baseline", true, CMD_BIT(PL_CMD_CHECK), "FILE",
	 "report only findings whose fingerprint is not in the SARIF file FILE"},
	{OPT_WRITE_BASELINE, 0, "write-baseline", true, CMD_BIT(PL_CMD_CHECK), "FILE",
	 "write the current findings to FILE as a SARIF baseline (exit status 0)"},
	{OPT_SPLIT, 0, "split-input-file", false, CMD_BIT(PL_CMD_CHECK) | CMD_BIT(PL_CMD_DUMP), NULL,
	 "treat each '// -----' chunk of a .pdll (dump ir: .mlir) file as its own input"},
	{OPT_LIST_RULES, 0, "list-rules", false, CMD_BIT(PL_CMD_CHECK), NULL,
	 "list the rules with their severity and state, and exit"},
	{OPT_VERIFY, 0, "verify", false, CMD_BIT(PL_CMD_CHECK), NULL,
	 "confirm recursion and overlap findings by running the patterns on a witness"},
	{OPT_FIXTURES, 0, "fixtures", true, CMD_BIT(PL_CMD_CHECK), "DIR",
	 "with --verify, also run every .mlir file under DIR (implies --verify)"},
	{OPT_PATTERN, 0, "pattern", true, CMD_BIT(PL_CMD_GRAPH), "NAME",
	 "draw the match and rewrite DAGs of pattern NAME (or FILE:LINE)"},
	{OPT_SET, 0, "set", false, CMD_BIT(PL_CMD_GRAPH), NULL,
	 "draw the interaction graph of the whole pattern set"},
	{OPT_CLUSTER, 0, "cluster", true, CMD_BIT(PL_CMD_GRAPH), "BY",
	 "--set: group nodes by file (default), dialect, or none"},
	{OPT_JOBS, 'j', "jobs", true, CMD_BIT(PL_CMD_CHECK), "N",
	 "evaluate input files, overlaps and the text report on N threads (default: the number of cores); same output for every N"},
	{OPT_NO_INCLUDE_CACHE, 0, "no-include-cache", false, CMD_BIT(PL_CMD_CHECK), NULL,
	 "evaluate every included file anew for each input (same output, slower)"},
	{OPT_CACHE_DIR, 0, "cache-dir", true, CMD_BIT(PL_CMD_CHECK) | CMD_BIT(PL_CMD_DUMP), "DIR",
	 "keep evaluated includes in DIR for later runs (default: $PATLINT_CACHE_DIR; same output)"},
	{OPT_HELP, 'h', "help", false, ALL_CMDS, NULL, "print this help and exit"},
	{OPT_VERSION, 0, "version", false, ALL_CMDS, NULL, "print the version and exit"},
};

const char *pl_cmd_name(enum pl_cmd cmd)
{
	return (unsigned)cmd < PL_CMD_COUNT ? cmd_names[cmd] : "patlint";
}

void pl_cli_version(FILE *f)
{
	fprintf(f, "patlint %s\n"
	           "Copyright (C) 2026 the patlint authors.\n"
	           "License Apache-2.0: <https://www.apache.org/licenses/LICENSE-2.0>.\n"
	           "This is free software: you are free to change and redistribute it.\n"
	           "There is NO WARRANTY, to the extent permitted by law.\n",
	        PACKAGE_VERSION);
}

static void print_opts(FILE *f, unsigned cmds)
{
	for (size_t i = 0; i < PL_ARRAY_LEN(opts); i++) {
		const struct opt *o = &opts[i];
		char left[64];
		int n = 0;

		if (!(o->cmds & cmds))
			continue;
		if (o->short_name)
			n += snprintf(left + n, sizeof(left) - n, "-%c%s%s", o->short_name,
			              o->has_arg && !o->long_name ? " " : "",
			              o->has_arg && !o->long_name ? o->arg_name : "");
		if (o->long_name)
			n += snprintf(left + n, sizeof(left) - n, "%s--%s%s%s", o->short_name ? ", " : "    ",
			              o->long_name, o->has_arg ? "=" : "", o->has_arg ? o->arg_name : "");
		fprintf(f, "  %-26s %s\n", left, o->help);
	}
}

void pl_cli_help(FILE *f, enum pl_cmd cmd)
{
	switch (cmd) {
	case PL_CMD_CHECK:
		fputs("Usage: patlint [check] [OPTION]... [PATH]...\n"
		      "Lint MLIR rewrite pattern files (.td with DRR patterns, .pdll).\n"
		      "A directory means every .td and .pdll file under it; no PATH means the\n"
		      "files of the compilation databases, or else the current directory.\n\n", f);
		break;
	case PL_CMD_DUMP:
		fputs("Usage: patlint dump tokens|records|patterns|ops|ir [OPTION]... FILE...\n"
		      "Print the output of one pipeline stage:\n"
		      "  tokens    the TableGen token stream of FILE.td, one token per line\n"
		      "  records   the evaluated TableGen records of FILE.td, in the JSON schema\n"
		      "            of llvm-tblgen --dump-json\n"
		      "  patterns  the unified pattern model of the files, as JSON\n"
		      "  ops       the op registry (from ODS) of the files, as JSON\n"
		      "  ir        an MLIR file (.mlir) printed back in generic form\n\n", f);
		break;
	case PL_CMD_RUN:
		fputs("Usage: patlint run --patterns FILE... --input FIXTURE.mlir [OPTION]...\n"
		      "Execute the patterns on an MLIR fixture with MLIR's greedy driver semantics,\n"
		      "print the rewritten IR in generic form, then '// converged' or\n"
		      "'// did-not-converge'.\n\n", f);
		break;
	case PL_CMD_GRAPH:
		fputs("Usage: patlint graph --pattern NAME [OPTION]... [PATH]...\n"
		      "  or:  patlint graph --set [OPTION]... [PATH]...\n"
		      "Draw pattern graphs with Graphviz: one pattern's match DAG beside its\n"
		      "rewrite DAG, or the interaction graph of the set (patterns, the ops they\n"
		      "match and create, 'may enable' edges, recursion cycles and overlaps found\n"
		      "by the rules).  svg and png need Graphviz gvc.\n\n", f);
		break;
	default:
		fputs("Usage: patlint [COMMAND] [OPTION]... [PATH]...\n"
		      "Static analyzer and linter for MLIR rewrite pattern sets (TableGen DRR and\n"
		      "PDLL).\n\n"
		      "Commands:\n"
		      "  check   lint pattern files (the default command)\n"
		      "  dump    print tokens, evaluated TableGen records or the pattern model\n"
		      "  run     execute patterns on an MLIR fixture\n"
		      "  graph   draw pattern graphs with Graphviz\n\n"
		      "Run 'patlint COMMAND --help' for the options of a command.\n\n", f);
		fputs("Options:\n", f);
		print_opts(f, ALL_CMDS & ~(CMD_BIT(PL_CMD_RUN) & ~CMD_BIT(PL_CMD_CHECK)));
		fputs("\nExit status: 0 no finding at or above the failing level, 1 findings,\n"
		      "2 usage or input error.\n\n"
		      "Report bugs to: " PACKAGE_BUGREPORT "\n", f);
		return;
	}
	fputs("Options:\n", f);
	print_opts(f, CMD_BIT(cmd));
	fputs("\nExit status: 0 no finding at or above the failing level, 1 findings,\n"
	      "2 usage or input error.\n", f);
}

static int parse_uint(unsigned *out, const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v > UINT_MAX || *s == '-')
		return -1;
	*out = (unsigned)v;
	return 0;
}

static int apply(struct pl_options *o, const struct opt *opt, const char *arg, FILE *err)
{
	switch (opt->id) {
	case OPT_INCLUDE: pl_vec_push(&o->include_dirs, (void *)arg); break;
	case OPT_DEFINE: pl_vec_push(&o->defines, (void *)arg); break;
	case OPT_COMPDB: pl_vec_push(&o->compdbs, (void *)arg); break;
	case OPT_FORMAT: o->format = arg; break;
	case OPT_OUTPUT: o->output = arg; break;
	case OPT_PATTERNS: pl_vec_push(&o->patterns, (void *)arg); break;
	case OPT_INPUT: o->input = arg; break;
	case OPT_ASSUME: {
		const char *eq = strchr(arg, '=');
		if (!eq || eq == arg || (strcmp(eq + 1, "true") && strcmp(eq + 1, "false"))) {
			fprintf(err, "patlint: invalid argument '%s' for '--assume' (NAME=true or NAME=false)\n", arg);
			return -1;
		}
		pl_vec_push(&o->assumes, (void *)arg);
		break;
	}
	case OPT_TRACE: o->trace = true; break;
	case OPT_HELP: o->help = true; break;
	case OPT_ENABLE:
	case OPT_DISABLE: {
		struct pl_rule_switch *sw = pl_xmalloc(sizeof(*sw));
		sw->enable = opt->id == OPT_ENABLE;
		sw->ids = arg;
		pl_vec_push(&o->rule_switches, sw);
		break;
	}
	case OPT_CONFIG: o->config = arg; break;
	case OPT_NO_CONFIG: o->no_config = true; break;
	case OPT_BASELINE: o->baseline = arg; break;
	case OPT_WRITE_BASELINE: o->write_baseline = arg; break;
	case OPT_LIST_RULES: o->list_rules = true; break;
	case OPT_VERIFY: o->verify = true; break;
	case OPT_FIXTURES: o->fixtures = arg; o->verify = true; break;
	case OPT_SPLIT: o->split_input = true; break;
	case OPT_NO_INCLUDE_CACHE: o->no_include_cache = true; break;
	case OPT_CACHE_DIR: o->cache_dir = arg; break;
	case OPT_ALLOW_OUTSIDE: o->allow_include_outside = true; break;
	case OPT_PATTERN: o->graph_pattern = arg; break;
	case OPT_SET: o->graph_set = true; break;
	case OPT_CLUSTER:
		if (strcmp(arg, "file") && strcmp(arg, "dialect") && strcmp(arg, "none")) {
			fprintf(err, "patlint: invalid argument '%s' for '--cluster' (file, dialect, none)\n", arg);
			return -1;
		}
		o->cluster = arg;
		break;
	case OPT_FAIL_ON:
		if (strcmp(arg, "error") && strcmp(arg, "warning") && strcmp(arg, "note") &&
		    strcmp(arg, "none")) {
			fprintf(err, "patlint: invalid argument '%s' for '--fail-on' (error, warning, note, none)\n", arg);
			return -1;
		}
		o->fail_on = arg;
		break;
	case OPT_VERSION: o->version = true; break;
	case OPT_COLOR:
		if (strcmp(arg, "auto") == 0)
			o->color = PL_COLOR_AUTO;
		else if (strcmp(arg, "always") == 0)
			o->color = PL_COLOR_ALWAYS;
		else if (strcmp(arg, "never") == 0)
			o->color = PL_COLOR_NEVER;
		else {
			fprintf(err, "patlint: invalid argument '%s' for '--color' (auto, always, never)\n", arg);
			return -1;
		}
		break;
	case OPT_MAX_ERRORS:
	case OPT_MAX_ITER:
	case OPT_MAX_REWRITES:
	case OPT_JOBS: {
		unsigned *dst = opt->id == OPT_MAX_ERRORS ? &o->max_errors
		              : opt->id == OPT_MAX_ITER ? &o->max_iterations
		              : opt->id == OPT_JOBS ? &o->jobs : &o->max_rewrites;
		if (parse_uint(dst, arg) < 0) {
			fprintf(err, "patlint: invalid number '%s' for '--%s'\n", arg, opt->long_name);
			return -1;
		}
		break;
	}
	}
	return 0;
}

static const struct opt *find_long(const char *name, size_t len)
{
	for (size_t i = 0; i < PL_ARRAY_LEN(opts); i++)
		if (opts[i].long_name && strlen(opts[i].long_name) == len &&
		    strncmp(opts[i].long_name, name, len) == 0)
			return &opts[i];
	return NULL;
}

static const struct opt *find_short(char c)
{
	for (size_t i = 0; i < PL_ARRAY_LEN(opts); i++)
		if (opts[i].short_name == c)
			return &opts[i];
	return NULL;
}

int pl_cli_parse(struct pl_options *o, int argc, char **argv, FILE *err)
{
	int i = 1;
	bool only_paths = false;

	memset(o, 0, sizeof(*o));
	o->cmd = PL_CMD_CHECK;
	o->max_iterations = 10;
	if (i < argc) {
		for (int c = 0; c < PL_CMD_COUNT; c++) {
			if (strcmp(argv[i], cmd_names[c]) == 0) {
				o->cmd = (enum pl_cmd)c;
				i++;
				break;
			}
		}
	}
	for (; i < argc; i++) {
		const char *a = argv[i];
		const struct opt *opt;
		const char *val = NULL;

		if (only_paths || a[0] != '-' || a[1] == '\0') {
			if (o->cmd == PL_CMD_DUMP && !o->dump_what && !only_paths)
				o->dump_what = a;
			else
				pl_vec_push(&o->inputs, (void *)a);
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_paths = true;
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
			opt = find_long(a + 2, len);
			if (!opt) {
				fprintf(err, "patlint: unrecognized option '%s'\n", a);
				goto usage;
			}
			if (eq) {
				if (!opt->has_arg) {
					fprintf(err, "patlint: option '--%s' doesn't allow an argument\n", opt->long_name);
					goto usage;
				}
				val = eq + 1;
			}
		} else {
			opt = find_short(a[1]);
			if (!opt) {
				fprintf(err, "patlint: invalid option -- '%c'\n", a[1]);
				goto usage;
			}
			if (opt->has_arg && a[2])
				val = a + 2;
			else if (!opt->has_arg && a[2]) {
				fprintf(err, "patlint: invalid option '%s'\n", a);
				goto usage;
			}
		}
		if (opt->has_arg && !val) {
			if (i + 1 >= argc) {
				fprintf(err, "patlint: option '%s' requires an argument\n", a);
				goto usage;
			}
			val = argv[++i];
		}
		if (!(opt->cmds & CMD_BIT(o->cmd))) {
			fprintf(err, "patlint: option '%s' is not valid for 'patlint %s'\n", a,
			        cmd_names[o->cmd]);
			goto usage;
		}
		if (apply(o, opt, val, err) < 0)
			goto usage;
	}
	return 0;
usage:
	fprintf(err, "Try 'patlint %s--help' for more information.\n",
	        o->cmd == PL_CMD_CHECK ? "" : o->cmd == PL_CMD_DUMP ? "dump " :
	        o->cmd == PL_CMD_RUN ? "run " : "graph ");
	pl_cli_free(o);
	return -1;
}

void pl_cli_free(struct pl_options *o)
{
	pl_vec_free(&o->include_dirs);
	pl_vec_free(&o->defines);
	pl_vec_free(&o->compdbs);
	pl_vec_free(&o->inputs);
	pl_vec_free(&o->patterns);
	pl_vec_free(&o->assumes);
	for (size_t i = 0; i < o->rule_switches.len; i++)
		free(o->rule_switches.items[i]);
	pl_vec_free(&o->rule_switches);
}
