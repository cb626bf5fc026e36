/*
 * model_json.c -- JSON dumps of the model: `patlint dump patterns` and the
 * op registry dump used by the ODS agreement suite.
 *
 * Pattern dump schema (model_dump_json), one object:
 *
 *   { "patterns": [ PATTERN... ] }            in source (insertion) order
 *
 *   PATTERN = {
 *     "name": string | null,            def / Pattern name, null when anonymous
 *     "origin": "drr" | "pdll",
 *     "file": string | null, "line": int, "col": int,   the definition
 *     "root": string | null,            full root op name, null = any op
 *     "benefit": int,                   effective benefit (DRR: source op
 *                                       count + addBenefit)
 *     "benefit_declared": int,          addBenefit / benefit(N), 0 when absent
 *     "bounded_recursion": bool,
 *     "reg_order": int,                 registration rank within its set
 *     "match": NODE | null,
 *     "constraints": [ { "kind": "native"|"ods"|"equal", "name": string|null,
 *                        "code": string|null, "args": [string...],
 *                        "line": int, "col": int } ... ],
 *     "actions": [ { "kind": "replace"|"create"|"erase"|"native"|"update",
 *                    "target": string|null, "values": [NODE...],
 *                    "line": int, "col": int } ... ],
 *     "bindings": [ { "name": string, "line": int, "col": int } ... ]
 *   }
 *
 *   NODE = {
 *     "kind": "op"|"value"|"attr"|"type"|"native"|"ref"|"either"|"variadic"|"directive",
 *     "line": int, "col": int, "end_line": int, "end_col": int,
 *     optional keys, present only when set:
 *     "slot": string      (as a child of an op: the ODS argument name)
 *     "op": string        (op: full name)
 *     "bind": string      (the $name written on the node)
 *     "ref": string       (ref: the name used, without __N)
 *     "result_index": int (ref: the N of $x__N)
 *     "unresolved": true  (ref: no binding visible at this use)
 *     "constraint": string, "constant": string, "directive": string,
 *     "result_types": [NODE...]  (op with explicit returnType)
 *     "args": [NODE...]
 *   }
 *
 * Op registry dump schema (model_dump_ops_json): { "ops": [ OP... ] } in
 * insertion order, OP = { "name", "def", "cpp_class", "dialect", "summary",
 * "file", "line", "operands"/"attributes"/"results"/"regions"/"successors":
 * [ { "name", "constraint", "variadic", "optional", "variadic_of_variadic",
 * "default" (string|null), "derived" } ], "traits": [string], "builders":
 * [ { "params": [ { "type", "name", "default" } ], "infers_types" } ],
 * "skip_default_builders", "has_canonicalizer", "has_folder",
 * "infers_result_types", "has_infer_type_interface" }.
 */
#include "config.h"
#include "model.h"
#include "json.h"
#include "source.h"

#include <stdio.h>

#define DUMP_MAX_DEPTH 128

static const char *const node_kind_name[] = {
	/* ORDER: enum model_node_kind */
	"op", "value", "attr", "type", "native", "ref", "either", "variadic", "directive",
};

static const char *const act_kind_name[] = {
	/* ORDER: enum model_action_kind */
	"replace", "create", "erase", "native", "update",
};

static const char *const cons_kind_name[] = {
	/* ORDER: enum model_constraint_kind */
	"native", "ods", "equal",
};

static void opt_str(struct pl_json *j, const char *key, const char *v)
{
	if (!v)
		return;
	pl_json_key(j, key);
	pl_json_string(j, v);
}

static void str_or_null(struct pl_json *j, const char *key, const char *v)
{
	pl_json_key(j, key);
	if (v)
		pl_json_string(j, v);
	else
		pl_json_null(j);
}

static void loc(struct pl_json *j, struct pl_span s)
{
	pl_json_key(j, "line");
	pl_json_int(j, s.line);
	pl_json_key(j, "col");
	pl_json_int(j, s.col);
}

static void file_of(struct pl_json *j, const struct model *m, struct pl_span s)
{
	struct pl_source_mgr *sm = model_sources(m);
	struct pl_source_file *sf = sm && s.file ? pl_source_get(sm, s.file) : NULL;
	str_or_null(j, "file", sf ? sf->path : NULL);
}

static void dump_node(struct pl_json *j, const struct model_node *n, const char *slot, int depth)
{
	if (!n || depth > DUMP_MAX_DEPTH) {
		pl_json_null(j);
		return;
	}
	pl_json_begin_object(j);
	pl_json_key(j, "kind");
	pl_json_string(j, n->kind < sizeof node_kind_name / sizeof *node_kind_name
	                  ? node_kind_name[n->kind] : "?");
	loc(j, n->span);
	pl_json_key(j, "end_line");
	pl_json_int(j, n->span.end_line);
	pl_json_key(j, "end_col");
	pl_json_int(j, n->span.end_col);
	if (slot && *slot)
		opt_str(j, "slot", slot);
	if (n->kind == MODEL_NODE_OP) {
		pl_json_key(j, "op");
		if (n->op_name)
			pl_json_string(j, n->op_name);
		else
			pl_json_null(j);
	}
	opt_str(j, "bind", n->bind);
	opt_str(j, "ref", n->ref);
	if (n->indexed) {
		pl_json_key(j, "result_index");
		pl_json_int(j, n->result_index);
	}
	if (n->unresolved) {
		pl_json_key(j, "unresolved");
		pl_json_bool(j, true);
	}
	opt_str(j, "constraint", n->constraint);
	opt_str(j, "constant", n->constant);
	opt_str(j, "directive", n->directive);
	if (n->result_types_given) {
		pl_json_key(j, "result_types");
		pl_json_begin_array(j);
		for (unsigned i = 0; i < n->n_result_types; i++)
			dump_node(j, n->result_types[i], NULL, depth + 1);
		pl_json_end_array(j);
	}
	if (n->n_args) {
		pl_json_key(j, "args");
		pl_json_begin_array(j);
		for (unsigned i = 0; i < n->n_args; i++)
			dump_node(j, n->args[i], n->arg_names ? n->arg_names[i] : NULL, depth + 1);
		pl_json_end_array(j);
	}
	pl_json_end_object(j);
}

static void dump_pattern(struct pl_json *j, const struct model *m, const struct model_pattern *p)
{
	pl_json_begin_object(j);
	str_or_null(j, "name", p->name);
	pl_json_key(j, "origin");
	pl_json_string(j, p->origin == MODEL_ORIGIN_DRR ? "drr" : "pdll");
	file_of(j, m, p->span);
	loc(j, p->span);
	str_or_null(j, "root", p->root_op);
	pl_json_key(j, "benefit");
	pl_json_int(j, p->benefit);
	pl_json_key(j, "benefit_declared");
	pl_json_int(j, p->benefit_declared);
	pl_json_key(j, "bounded_recursion");
	pl_json_bool(j, p->bounded_recursion);
	pl_json_key(j, "reg_order");
	pl_json_int(j, p->reg_order);
	pl_json_key(j, "match");
	dump_node(j, p->match, NULL, 0);

	pl_json_key(j, "constraints");
	pl_json_begin_array(j);
	for (unsigned i = 0; i < p->n_constraints; i++) {
		const struct model_constraint *c = &p->constraints[i];
		pl_json_begin_object(j);
		pl_json_key(j, "kind");
		pl_json_string(j, cons_kind_name[c->kind]);
		str_or_null(j, "name", c->name);
		str_or_null(j, "code", c->code);
		pl_json_key(j, "args");
		pl_json_begin_array(j);
		for (unsigned k = 0; k < c->n_args; k++)
			pl_json_string(j, c->args[k]);
		pl_json_end_array(j);
		loc(j, c->span);
		pl_json_end_object(j);
	}
	pl_json_end_array(j);

	pl_json_key(j, "actions");
	pl_json_begin_array(j);
	for (unsigned i = 0; i < p->n_actions; i++) {
		const struct model_action *a = &p->actions[i];
		pl_json_begin_object(j);
		pl_json_key(j, "kind");
		pl_json_string(j, act_kind_name[a->kind]);
		str_or_null(j, "target", a->target);
		pl_json_key(j, "values");
		pl_json_begin_array(j);
		for (unsigned k = 0; k < a->n_values; k++)
			dump_node(j, a->values[k], NULL, 0);
		pl_json_end_array(j);
		loc(j, a->span);
		pl_json_end_object(j);
	}
	pl_json_end_array(j);

	pl_json_key(j, "bindings");
	pl_json_begin_array(j);
	for (unsigned i = 0; i < p->n_bindings; i++) {
		pl_json_begin_object(j);
		pl_json_key(j, "name");
		pl_json_string(j, p->bindings[i].name);
		loc(j, p->bindings[i].span);
		pl_json_end_object(j);
	}
	pl_json_end_array(j);
	pl_json_end_object(j);
}

void model_dump_json(FILE *f, const struct model *m)
{
	struct pl_json j;

	pl_json_init(&j, f, 2);
	pl_json_begin_object(&j);
	pl_json_key(&j, "patterns");
	pl_json_begin_array(&j);
	for (unsigned i = 0; i < model_pattern_count(m); i++)
		dump_pattern(&j, m, model_pattern_at(m, i));
	pl_json_end_array(&j);
	pl_json_end_object(&j);
	pl_json_end(&j);
}

static void dump_args(struct pl_json *j, const char *key, const struct model_op_arg *a, unsigned n)
{
	pl_json_key(j, key);
	pl_json_begin_array(j);
	for (unsigned i = 0; i < n; i++) {
		pl_json_begin_object(j);
		str_or_null(j, "name", a[i].name);
		str_or_null(j, "constraint", a[i].constraint);
		pl_json_key(j, "variadic");
		pl_json_bool(j, a[i].variadic);
		pl_json_key(j, "optional");
		pl_json_bool(j, a[i].optional);
		pl_json_key(j, "variadic_of_variadic");
		pl_json_bool(j, a[i].variadic_of_variadic);
		str_or_null(j, "default", a[i].has_default ? a[i].default_value : NULL);
		pl_json_key(j, "derived");
		pl_json_bool(j, a[i].derived);
		pl_json_end_object(j);
	}
	pl_json_end_array(j);
}

void model_dump_ops_json(FILE *f, const struct model *m)
{
	struct pl_json j;

	pl_json_init(&j, f, 1);
	pl_json_begin_object(&j);
	pl_json_key(&j, "ops");
	pl_json_begin_array(&j);
	for (unsigned i = 0; i < model_op_count(m); i++) {
		const struct model_op *op = model_op_at(m, i);
		pl_json_begin_object(&j);
		str_or_null(&j, "name", op->name);
		str_or_null(&j, "def", op->def_name);
		str_or_null(&j, "cpp_class", op->cpp_class);
		str_or_null(&j, "dialect", op->dialect);
		str_or_null(&j, "summary", op->summary);
		file_of(&j, m, op->span);
		pl_json_key(&j, "line");
		pl_json_int(&j, op->span.line);
		dump_args(&j, "operands", op->operands, op->n_operands);
		dump_args(&j, "attributes", op->attrs, op->n_attrs);
		dump_args(&j, "results", op->results, op->n_results);
		dump_args(&j, "regions", op->regions, op->n_regions);
		dump_args(&j, "successors", op->successors, op->n_successors);
		pl_json_key(&j, "traits");
		pl_json_begin_array(&j);
		for (unsigned k = 0; k < op->n_traits; k++)
			pl_json_string(&j, op->traits[k]);
		pl_json_end_array(&j);
		pl_json_key(&j, "builders");
		pl_json_begin_array(&j);
		for (unsigned k = 0; k < op->n_builders; k++) {
			const struct model_builder *b = &op->builders[k];
			pl_json_begin_object(&j);
			pl_json_key(&j, "params");
			pl_json_begin_array(&j);
			for (unsigned q = 0; q < b->n_params; q++) {
				pl_json_begin_object(&j);
				str_or_null(&j, "type", b->param_types[q]);
				str_or_null(&j, "name", b->param_names[q]);
				str_or_null(&j, "default", b->param_defaults[q]);
				pl_json_end_object(&j);
			}
			pl_json_end_array(&j);
			pl_json_key(&j, "infers_types");
			pl_json_bool(&j, b->infers_types);
			pl_json_end_object(&j);
		}
		pl_json_end_array(&j);
		pl_json_key(&j, "skip_default_builders");
		pl_json_bool(&j, op->skip_default_builders);
		pl_json_key(&j, "has_canonicalizer");
		pl_json_bool(&j, op->has_canonicalizer);
		pl_json_key(&j, "has_folder");
		pl_json_bool(&j, op->has_folder);
		pl_json_key(&j, "infers_result_types");
		pl_json_bool(&j, op->infers_result_types);
		pl_json_key(&j, "has_infer_type_interface");
		pl_json_bool(&j, op->has_infer_type_interface);
		pl_json_end_object(&j);
	}
	pl_json_end_array(&j);
	pl_json_end_object(&j);
	pl_json_end(&j);
}
