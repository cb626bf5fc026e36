/*
 * dot.c -- Graphviz output: a pattern's match and rewrite DAGs, and the
 * interaction graph of a pattern set (see dot.h).
 *
 * This is the only file that uses Graphviz.  Graphs are built with cgraph
 * and written with agwrite (dot text), or laid out by the "dot" engine and
 * rendered by gvc (svg, png) when configure found libgvc.  cgraph owns its
 * own memory; every graph is closed at the single cleanup label of the
 * function that opened it.
 *
 * Labels: cgraph quotes what it writes and escapes `"`, but it leaves
 * backslashes alone, and a dot label gives meaning to \N, \n, \l and the
 * like and decodes &entities;.  Op nodes use HTML-like labels, where `<>&"`
 * matter instead.  Every piece of user text therefore goes through
 * dot_escape, in the mode of the label it lands in, before it is set.
 * Control characters and invalid UTF-8 are shown as a visible \xNN, so a
 * hostile name can neither break the syntax nor make dot warn about the
 * charset.
 *
 * Determinism: agwrite prints subgraphs in the order of their cgraph ids,
 * and cgraph's default ids for named objects are string addresses, which
 * differ between allocators (ASan, valgrind).  Graphs here are therefore
 * opened with an id discipline that numbers names in creation order, so
 * the same input always gives the same dot text.
 */
#include "config.h"
#include "reports/dot.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cgraph.h>
#ifdef HAVE_GVC
#include <gvc.h>
#ifdef GVC_SONAME
#include <dlfcn.h>
#endif
#endif

#include "analyzer/model.h"
#include "analyzer/util.h"

static const char *const dot_format_names[DOT_FMT_COUNT] = {"dot", "svg", "png"};

const char *dot_format_name(enum dot_format fmt)
{
	return (unsigned)fmt < DOT_FMT_COUNT ? dot_format_names[fmt] : "?";
}

int dot_format_parse(enum dot_format *out, const char *name)
{
	for (unsigned i = 0; i < DOT_FMT_COUNT; i++) {
		if (strcmp(name, dot_format_names[i]) == 0) {
			*out = (enum dot_format)i;
			return 0;
		}
	}
	return -1;
}

bool dot_can_render(void)
{
#ifdef HAVE_GVC
	return true;
#else
	return false;
#endif
}

/* ---- escaping ----------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when s does not
 * start one (stray continuation byte, overlong form, surrogate, beyond
 * U+10FFFF, truncated). */
static size_t utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	size_t n;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2; cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3; cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4; cp = c & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void dot_escape(struct pl_buf *b, const char *s, bool html)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = utf8_len(p);
		if (n == 0 || *p < 0x20 || *p == 0x7f) {
			/* Shown as \x41 (dot reduces \\ to \ in HTML-like
			 * labels as in plain ones). */
			pl_buf_printf(b, "\\\\x%02X", *p);
			p++;
			continue;
		}
		if (n > 1) {
			pl_buf_add(b, (const char *)p, n);
			p += n;
			continue;
		}
		switch (*p) {
		case '\\': pl_buf_puts(b, "\\\\"); break; /* else \N, \n, \l... have meaning */
		case '&': pl_buf_puts(b, "&amp;"); break; /* dot decodes entities in plain labels too */
		case '<': pl_buf_puts(b, html ? "&lt;" : "<"); break;
		case '>': pl_buf_puts(b, html ? "&gt;" : ">"); break;
		case '"': pl_buf_puts(b, html ? "&quot;" : "\""); break;
		default: pl_buf_putc(b, (char)*p); break;
		}
		p++;
	}
}

/* ---- cgraph helpers ------------------------------------------------------ */

/* cgraph 2.43 takes char * where it means const char *. */
static void set(void *obj, const char *name, const char *value)
{
	agsafeset(obj, (char *)name, (char *)value, "");
}

/* Set an HTML-like label (text is the part between the outer < >). */
static void set_html(Agraph_t *g, void *obj, const char *name, const char *text)
{
	char *h = agstrdup_html(g, (char *)text);
	set(obj, name, h);
	agstrfree(g, h);
}

static Agnode_t *add_node(Agraph_t *sub, const char *id)
{
	return agnode(sub, (char *)id, 1);
}

static Agedge_t *add_edge(Agraph_t *g, Agnode_t *a, Agnode_t *b)
{
	/* No key: in a non-strict graph cgraph then makes a new edge each
	 * time, and agwrite prints no key= attribute. */
	return agedge(g, a, b, NULL, 1);
}

/* ---- the id discipline: names numbered in creation order --------------- */

struct id_state {
	Agraph_t *g;         /* the root graph, whose string table holds the names */
	char **names;        /* names[i] has id 2 * (i + 1); cgraph refstrs, which
	                        agwrite requires (it looks for an HTML mark in
	                        the refstr header) */
	size_t n, cap;
	size_t *slots;       /* hash table of name index + 1, 0 = empty */
	size_t n_slots;      /* power of two, > 2 * n */
	IDTYPE next_anon;    /* odd ids for anonymous objects (edges) */
};

static void *id_open(Agraph_t *g, Agdisc_t *disc)
{
	struct id_state *st = pl_xcalloc(1, sizeof(*st));
	(void)disc;
	st->g = g;
	st->n_slots = 64;
	st->slots = pl_xcalloc(st->n_slots, sizeof(*st->slots));
	st->next_anon = 1;
	return st;
}

static size_t *id_slot(struct id_state *st, const char *str)
{
	size_t mask = st->n_slots - 1;
	size_t h = (size_t)pl_hash_bytes(str, strlen(str)) & mask;

	while (st->slots[h] && strcmp(st->names[st->slots[h] - 1], str) != 0)
		h = (h + 1) & mask;
	return &st->slots[h];
}

static long id_map(void *state, int objtype, char *str, IDTYPE *id, int createflag)
{
	struct id_state *st = state;
	(void)objtype;

	if (!str) {
		*id = st->next_anon;
		st->next_anon += 2;
		return 1;
	}
	size_t *slot = id_slot(st, str);
	if (!*slot) {
		if (!createflag)
			return 0;
		if (st->n == st->cap) {
			st->cap = st->cap ? 2 * st->cap : 64;
			st->names = pl_xrealloc(st->names, st->cap * sizeof(*st->names));
		}
		st->names[st->n++] = agstrdup(st->g, str);
		*slot = st->n;
		if (2 * st->n >= st->n_slots) {
			/* Grow and rehash. */
			free(st->slots);
			st->n_slots *= 2;
			st->slots = pl_xcalloc(st->n_slots, sizeof(*st->slots));
			for (size_t i = 0; i < st->n; i++)
				*id_slot(st, st->names[i]) = i + 1;
			slot = id_slot(st, str);
		}
	}
	*id = (IDTYPE)(2 * *slot);
	return 1;
}

static long id_alloc(void *state, int objtype, IDTYPE request)
{
	(void)state; (void)objtype;
	return request % 2 == 0; /* ids named through id_map */
}

static void id_free(void *state, int objtype, IDTYPE id)
{
	(void)state; (void)objtype; (void)id; /* names live as long as the graph */
}

static char *id_print(void *state, int objtype, IDTYPE id)
{
	struct id_state *st = state;
	(void)objtype;

	if (id % 2 || id == 0 || id / 2 > st->n)
		return NULL;
	return st->names[id / 2 - 1];
}

static void id_close(void *state)
{
	struct id_state *st = state;

	/* The names go with the graph's string table. */
	free(st->names);
	free(st->slots);
	free(st);
}

static void id_register(void *state, int objtype, void *obj)
{
	(void)state; (void)objtype; (void)obj;
}

static Agiddisc_t id_disc = {id_open, id_map, id_alloc, id_free, id_print, id_close, id_register};

static Agraph_t *open_graph(const char *name)
{
	static Agdisc_t disc;

	disc.mem = &AgMemDisc;
	disc.id = &id_disc;
	disc.io = &AgIoDisc;
	return agopen((char *)name, Agdirected, &disc);
}

/* Declare the attributes we use, with the defaults dot itself has, so that
 * agwrite does not print node [label=""] and friends. */
static void declare_defaults(Agraph_t *g)
{
	agattr(g, AGNODE, "label", "\\N");
	agattr(g, AGRAPH, "label", "");
}

#ifdef HAVE_GVC
/* The gvc functions rendering uses: from libgvc loaded now (configure
 * found its soname, GVC_SONAME), or linked.  The handle stays open for
 * the rest of the run: the plugins gvc loads refer to it. */
struct gvc_api {
	__typeof__(&gvContext) context;
	__typeof__(&gvLayout) layout;
	__typeof__(&gvRender) render;
	__typeof__(&gvFreeLayout) free_layout;
	__typeof__(&gvFreeContext) free_context;
};

static bool gvc_load(struct gvc_api *api)
{
#ifdef GVC_SONAME
	void *h = dlopen(GVC_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "patlint: graph: cannot load Graphviz (%s)\n", dlerror());
		return false;
	}
	api->context = (__typeof__(&gvContext))dlsym(h, "gvContext");
	api->layout = (__typeof__(&gvLayout))dlsym(h, "gvLayout");
	api->render = (__typeof__(&gvRender))dlsym(h, "gvRender");
	api->free_layout = (__typeof__(&gvFreeLayout))dlsym(h, "gvFreeLayout");
	api->free_context = (__typeof__(&gvFreeContext))dlsym(h, "gvFreeContext");
	if (!api->context || !api->layout || !api->render || !api->free_layout ||
	    !api->free_context) {
		fprintf(stderr, "patlint: graph: %s lacks a function patlint needs\n", GVC_SONAME);
		return false;
	}
#else
	*api = (struct gvc_api){gvContext, gvLayout, gvRender, gvFreeLayout, gvFreeContext};
#endif
	return true;
}
#endif

/* Write or render g into f. */
static int emit(FILE *f, Agraph_t *g, enum dot_format fmt)
{
	if (fmt == DOT_FMT_DOT)
		return agwrite(g, f) == 0 ? 0 : -1;
#ifdef HAVE_GVC
	struct gvc_api gv;
	if (!gvc_load(&gv))
		return -1;
	GVC_t *gvc = gv.context();
	int rc = -1;
	if (!gvc) {
		fprintf(stderr, "patlint: graph: cannot start Graphviz\n");
		return -1;
	}
	if (gv.layout(gvc, g, "dot") != 0) {
		fprintf(stderr, "patlint: graph: Graphviz layout failed\n");
		goto cleanup;
	}
	if (gv.render(gvc, g, dot_format_name(fmt), f) != 0)
		fprintf(stderr, "patlint: graph: Graphviz cannot render %s\n", dot_format_name(fmt));
	else
		rc = 0;
	gv.free_layout(gvc, g);
cleanup:
	gv.free_context(gvc);
	return rc;
#else
	fprintf(stderr, "patlint: graph: rendering %s needs Graphviz gvc\n", dot_format_name(fmt));
	return -1;
#endif
}

/* ---- one pattern ---------------------------------------------------------- */

/* A model node drawn, so that bindings can find their Graphviz node. */
struct drawn {
	const struct model_node *mn;
	Agnode_t *an;
};

struct pdraw {
	Agraph_t *g;                    /* the whole graph */
	const struct model_pattern *p;  /* the pattern */
	struct pl_vec drawn;            /* struct drawn *, in drawing order */
	struct pl_vec refs;             /* struct drawn * of REF nodes, for the binding edges */
	unsigned next_id;               /* node ids: n0, n1, ... */
	struct pl_buf lbl;              /* scratch label */
};

static Agnode_t *new_node(struct pdraw *d, Agraph_t *sub, const struct model_node *mn)
{
	char id[32];
	Agnode_t *n;

	snprintf(id, sizeof(id), "n%u", d->next_id++);
	n = add_node(sub, id);
	if (mn) {
		struct drawn *dr = pl_xmalloc(sizeof(*dr));
		dr->mn = mn;
		dr->an = n;
		pl_vec_push(&d->drawn, dr);
	}
	return n;
}

static Agnode_t *find_drawn(struct pdraw *d, const struct model_node *mn)
{
	for (size_t i = 0; i < d->drawn.len; i++) {
		struct drawn *dr = d->drawn.items[i];
		if (dr->mn == mn)
			return dr->an;
	}
	return NULL;
}

/* The node that binds name: the pattern's binding table first, then any
 * drawn node carrying the name (PDLL `let` in a rewrite). */
static Agnode_t *find_binding(struct pdraw *d, const char *name)
{
	if (!name)
		return NULL;
	for (unsigned i = 0; i < d->p->n_bindings; i++) {
		if (d->p->bindings[i].name && strcmp(d->p->bindings[i].name, name) == 0) {
			Agnode_t *n = find_drawn(d, d->p->bindings[i].node);
			if (n)
				return n;
		}
	}
	for (size_t i = 0; i < d->drawn.len; i++) {
		struct drawn *dr = d->drawn.items[i];
		if (dr->mn->bind && strcmp(dr->mn->bind, name) == 0)
			return dr->an;
	}
	return NULL;
}

static const char *kind_word(enum model_node_kind k)
{
	switch (k) {
	case MODEL_NODE_OP: return "op";
	case MODEL_NODE_VALUE: return "value";
	case MODEL_NODE_ATTR: return "attr";
	case MODEL_NODE_TYPE: return "type";
	case MODEL_NODE_NATIVE: return "native";
	case MODEL_NODE_REF: return "ref";
	case MODEL_NODE_EITHER: return "either";
	case MODEL_NODE_VARIADIC: return "variadic";
	case MODEL_NODE_DIRECTIVE: return "directive";
	}
	return "?";
}

/* The text of a node's head: op name or leaf description, binding, result
 * index, escaped for an HTML label when html. */
static void node_head(struct pl_buf *b, const struct model_node *n, bool html)
{
	const char *what = NULL;

	switch (n->kind) {
	case MODEL_NODE_OP:
		what = n->op_name ? n->op_name : "any op";
		break;
	case MODEL_NODE_REF:
		pl_buf_puts(b, "$");
		dot_escape(b, n->ref ? n->ref : "?", html);
		break;
	case MODEL_NODE_VALUE:
	case MODEL_NODE_ATTR:
	case MODEL_NODE_TYPE:
		what = n->constant ? n->constant : n->constraint ? n->constraint : kind_word(n->kind);
		break;
	case MODEL_NODE_NATIVE:
	case MODEL_NODE_DIRECTIVE:
		what = n->directive ? n->directive : kind_word(n->kind);
		break;
	default:
		what = kind_word(n->kind);
		break;
	}
	if (what)
		dot_escape(b, what, html);
	if (n->bind) {
		pl_buf_puts(b, " $");
		dot_escape(b, n->bind, html);
	}
	if (n->indexed)
		pl_buf_printf(b, " #%u", n->result_index);
}

static Agnode_t *draw_tree(struct pdraw *d, Agraph_t *sub, const struct model_node *n);

/* An op node is an HTML table: its head above one cell per argument slot,
 * so that each operand edge leaves from the slot it fills.  (Record shapes
 * would do the same, but dot loses flat edges that touch a record, and the
 * edges linking a binding to its uses are flat.) */
static Agnode_t *draw_op(struct pdraw *d, Agraph_t *sub, const struct model_node *n)
{
	Agnode_t *an = new_node(d, sub, n);
	struct pl_buf b = {0};

	set(an, "shape", "plaintext");
	pl_buf_printf(&b, "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\">"
	                  "<TR><TD PORT=\"h\" COLSPAN=\"%u\"><B>", n->n_args ? n->n_args : 1);
	node_head(&b, n, true);
	pl_buf_puts(&b, "</B></TD></TR>");
	if (n->n_args) {
		pl_buf_puts(&b, "<TR>");
		for (unsigned i = 0; i < n->n_args; i++) {
			const char *slot = n->arg_names && n->arg_names[i] ? n->arg_names[i] : "";
			pl_buf_printf(&b, "<TD PORT=\"a%u\">", i);
			if (*slot)
				dot_escape(&b, slot, true);
			else
				pl_buf_printf(&b, "#%u", i);
			pl_buf_puts(&b, "</TD>");
		}
		pl_buf_puts(&b, "</TR>");
	}
	pl_buf_puts(&b, "</TABLE>");
	set_html(d->g, an, "label", pl_buf_cstr(&b));
	pl_buf_free(&b);

	for (unsigned i = 0; i < n->n_args; i++) {
		char port[32];
		if (!n->args[i])
			continue;
		Agnode_t *c = draw_tree(d, sub, n->args[i]);
		Agedge_t *e = add_edge(d->g, an, c);
		snprintf(port, sizeof(port), "a%u", i);
		set(e, "tailport", port);
	}
	for (unsigned i = 0; i < n->n_result_types; i++) {
		if (!n->result_types[i])
			continue;
		Agnode_t *c = draw_tree(d, sub, n->result_types[i]);
		Agedge_t *e = add_edge(d->g, an, c);
		set(e, "tailport", "h");
		set(e, "label", "result type");
	}
	return an;
}

static Agnode_t *draw_tree(struct pdraw *d, Agraph_t *sub, const struct model_node *n)
{
	if (n->kind == MODEL_NODE_OP)
		return draw_op(d, sub, n);

	Agnode_t *an = new_node(d, sub, n);
	struct pl_buf b = {0};

	node_head(&b, n, false);
	set(an, "label", pl_buf_cstr(&b));
	pl_buf_free(&b);
	switch (n->kind) {
	case MODEL_NODE_REF: {
		struct drawn *dr = pl_xmalloc(sizeof(*dr));
		dr->mn = n;
		dr->an = an;
		pl_vec_push(&d->refs, dr);
		set(an, "shape", "plaintext");
		break;
	}
	case MODEL_NODE_NATIVE:
		set(an, "shape", "box");
		set(an, "style", "dashed");
		break;
	case MODEL_NODE_EITHER:
	case MODEL_NODE_VARIADIC:
	case MODEL_NODE_DIRECTIVE:
		set(an, "shape", "box");
		set(an, "style", "rounded");
		break;
	default:
		set(an, "shape", "ellipse");
		break;
	}
	for (unsigned i = 0; i < n->n_args; i++)
		if (n->args[i])
			add_edge(d->g, an, draw_tree(d, sub, n->args[i]));
	return an;
}

static const char *action_word(enum model_action_kind k)
{
	switch (k) {
	case MODEL_ACT_REPLACE: return "replace";
	case MODEL_ACT_CREATE: return "create";
	case MODEL_ACT_ERASE: return "erase";
	case MODEL_ACT_NATIVE: return "native rewrite";
	case MODEL_ACT_UPDATE: return "update";
	}
	return "?";
}

/* A dashed edge that links two clusters without moving ranks. */
static void link_edge(struct pdraw *d, Agnode_t *from, Agnode_t *to, const char *color)
{
	Agedge_t *e = add_edge(d->g, from, to);
	set(e, "style", "dashed");
	set(e, "color", color);
	set(e, "constraint", "false");
}

int dot_write_pattern(FILE *f, const struct model_pattern *p, const char *name,
                      enum dot_format fmt)
{
	struct pdraw d;
	Agraph_t *match, *rewrite;
	Agnode_t *root = NULL;
	int rc = -1;

	memset(&d, 0, sizeof(d));
	d.p = p;
	d.g = open_graph("pattern");
	if (!d.g) {
		fprintf(stderr, "patlint: graph: cannot create a graph\n");
		return -1;
	}
	declare_defaults(d.g);
	dot_escape(&d.lbl, name, false);
	pl_buf_printf(&d.lbl, "\\n%s pattern, benefit %d%s", p->origin == MODEL_ORIGIN_PDLL ? "PDLL" : "DRR",
	              p->benefit, p->bounded_recursion ? ", bounded recursion" : "");
	set(d.g, "label", pl_buf_cstr(&d.lbl));
	set(d.g, "labelloc", "t");

	match = agsubg(d.g, "cluster_match", 1);
	set(match, "label", "match");
	set(match, "color", "gray40");
	rewrite = agsubg(d.g, "cluster_rewrite", 1);
	set(rewrite, "label", "rewrite");
	set(rewrite, "color", "gray40");

	if (p->match)
		root = draw_tree(&d, match, p->match);
	for (unsigned i = 0; i < p->n_constraints; i++) {
		const struct model_constraint *c = &p->constraints[i];
		Agnode_t *cn = new_node(&d, match, NULL);
		pl_buf_clear(&d.lbl);
		if (c->kind == MODEL_CONSTRAINT_EQUAL) {
			pl_buf_puts(&d.lbl, "equal");
		} else {
			dot_escape(&d.lbl, c->name ? c->name : "constraint", false);
		}
		set(cn, "label", pl_buf_cstr(&d.lbl));
		set(cn, "shape", "note");
		for (unsigned k = 0; k < c->n_args; k++) {
			Agnode_t *b = find_binding(&d, c->args[k]);
			if (b) {
				Agedge_t *e = add_edge(d.g, b, cn);
				set(e, "style", "dotted");
				set(e, "arrowhead", "none");
			}
		}
	}

	for (unsigned i = 0; i < p->n_actions; i++) {
		const struct model_action *a = &p->actions[i];
		Agnode_t *an = new_node(&d, rewrite, NULL);
		pl_buf_clear(&d.lbl);
		pl_buf_puts(&d.lbl, action_word(a->kind));
		if (a->target) {
			pl_buf_puts(&d.lbl, " $");
			dot_escape(&d.lbl, a->target, false);
		}
		set(an, "label", pl_buf_cstr(&d.lbl));
		set(an, "shape", "box");
		set(an, "style", "bold");
		for (unsigned k = 0; k < a->n_values; k++)
			if (a->values[k])
				add_edge(d.g, an, draw_tree(&d, rewrite, a->values[k]));
		/* What the action works on: its target's binding, or the root. */
		Agnode_t *t = a->target && a->kind != MODEL_ACT_CREATE ? find_binding(&d, a->target) : NULL;
		if (!t && !a->target && a->kind != MODEL_ACT_CREATE && a->kind != MODEL_ACT_NATIVE)
			t = root;
		if (t)
			link_edge(&d, t, an, "firebrick");
	}

	/* Bound names: dashed edges from the binding to each use. */
	for (size_t i = 0; i < d.refs.len; i++) {
		struct drawn *r = d.refs.items[i];
		Agnode_t *b = find_binding(&d, r->mn->ref);
		if (b) {
			link_edge(&d, b, r->an, "blue");
		} else {
			set(r->an, "fontcolor", "red");
			pl_buf_clear(&d.lbl);
			node_head(&d.lbl, r->mn, false);
			pl_buf_puts(&d.lbl, "\\n(unbound)");
			set(r->an, "label", pl_buf_cstr(&d.lbl));
		}
	}
	rc = emit(f, d.g, fmt);

	for (size_t i = 0; i < d.drawn.len; i++)
		free(d.drawn.items[i]);
	for (size_t i = 0; i < d.refs.len; i++)
		free(d.refs.items[i]);
	pl_vec_free(&d.drawn);
	pl_vec_free(&d.refs);
	pl_buf_free(&d.lbl);
	agclose(d.g);
	return rc;
}

/* ---- the interaction graph -------------------------------------------------- */

/* The cluster of group name (created on first use, numbered in order). */
static Agraph_t *group_graph(Agraph_t *g, struct pl_vec *groups, struct pl_vec *subs,
                             const char *name)
{
	char id[32];
	struct pl_buf b = {0};

	if (!name)
		return g;
	for (size_t i = 0; i < groups->len; i++)
		if (strcmp(groups->items[i], name) == 0)
			return subs->items[i];
	snprintf(id, sizeof(id), "cluster_%zu", groups->len);
	Agraph_t *sub = agsubg(g, id, 1);
	dot_escape(&b, name, false);
	set(sub, "label", pl_buf_cstr(&b));
	set(sub, "color", "gray60");
	pl_buf_free(&b);
	pl_vec_push(groups, (void *)name);
	pl_vec_push(subs, sub);
	return sub;
}

int dot_write_set(FILE *f, const struct dot_set *s, enum dot_format fmt)
{
	struct pl_vec groups = {0}, subs = {0};
	Agnode_t **pn = NULL, **on = NULL;
	struct pl_buf b = {0};
	char id[32];
	int rc = -1;
	bool use_groups = s->cluster != DOT_CLUSTER_NONE;
	/* Graphviz 2.43's dot layout frees a rank array it has moved when a
	 * labelled edge ends up flat (gvFreeLayout: double free).  When we lay
	 * out ourselves, edge labels are therefore external labels, which
	 * take another path; the dot text keeps plain labels. */
	const char *elabel = fmt == DOT_FMT_DOT ? "label" : "xlabel";

	Agraph_t *g = open_graph("patterns");
	if (!g) {
		fprintf(stderr, "patlint: graph: cannot create a graph\n");
		return -1;
	}
	declare_defaults(g);
	set(g, "rankdir", "LR");
	agattr(g, AGEDGE, "fontsize", "10");
	pn = pl_xcalloc(s->n_patterns + 1, sizeof(*pn));
	on = pl_xcalloc(s->n_ops + 1, sizeof(*on));

	for (unsigned i = 0; i < s->n_patterns; i++) {
		const struct dot_set_pattern *sp = &s->patterns[i];
		Agraph_t *sub = group_graph(g, &groups, &subs, use_groups ? sp->group : NULL);
		snprintf(id, sizeof(id), "p%u", i);
		pn[i] = add_node(sub, id);
		pl_buf_clear(&b);
		dot_escape(&b, sp->label, false);
		pl_buf_printf(&b, "\\nbenefit %d", sp->benefit);
		set(pn[i], "label", pl_buf_cstr(&b));
		set(pn[i], "shape", "box");
		if (sp->in_overlap) {
			set(pn[i], "style", "filled");
			set(pn[i], "fillcolor", "orange");
		}
		if (sp->in_cycle) {
			set(pn[i], "color", "red");
			set(pn[i], "penwidth", "2");
		}
	}
	for (unsigned i = 0; i < s->n_ops; i++) {
		const struct dot_set_op *so = &s->ops[i];
		Agraph_t *sub = group_graph(g, &groups, &subs, use_groups ? so->group : NULL);
		snprintf(id, sizeof(id), "o%u", i);
		on[i] = add_node(sub, id);
		pl_buf_clear(&b);
		dot_escape(&b, so->name, false);
		set(on[i], "label", pl_buf_cstr(&b));
		set(on[i], "shape", "ellipse");
	}
	for (unsigned i = 0; i < s->n_edges; i++) {
		const struct dot_set_edge *se = &s->edges[i];
		Agedge_t *e;
		switch (se->kind) {
		case DOT_EDGE_MATCHES:
			e = add_edge(g, pn[se->from], on[se->to]);
			set(e, elabel, "matches root");
			break;
		case DOT_EDGE_CREATES:
			e = add_edge(g, pn[se->from], on[se->to]);
			set(e, elabel, "creates");
			set(e, "style", "dashed");
			set(e, "color", "blue");
			break;
		case DOT_EDGE_ENABLES:
			e = add_edge(g, pn[se->from], pn[se->to]);
			set(e, elabel, "may enable");
			set(e, "color", se->cycle ? "red" : "darkgreen");
			if (se->cycle)
				set(e, "penwidth", "2");
			break;
		case DOT_EDGE_OVERLAP:
			e = add_edge(g, pn[se->from], pn[se->to]);
			pl_buf_clear(&b);
			dot_escape(&b, se->label ? se->label : "overlap", false);
			set(e, elabel, pl_buf_cstr(&b));
			set(e, "dir", "none");
			set(e, "style", "dotted");
			set(e, "color", "orange");
			set(e, "penwidth", "2");
			set(e, "constraint", "false");
			break;
		}
	}
	rc = emit(f, g, fmt);

	free(pn);
	free(on);
	pl_vec_free(&groups);
	pl_vec_free(&subs);
	pl_buf_free(&b);
	agclose(g);
	return rc;
}
