/* tg_lex.c -- placeholder until the lexer lands. */
#include "config.h"
#include "parsers/tablegen/tg_lex.h"
#include "analyzer/diag.h"
#include <stdlib.h>
struct tg_lexer { struct tg_token tok; };
int tg_lex_new(struct tg_lexer **out, struct pl_source_mgr *sm, struct pl_diag_ctx *diag,
               struct pl_intern *intern, const char *main_path,
               const char *const *include_dirs, unsigned n_include,
               const char *const *defines, unsigned n_define)
{
	struct pl_span none = {0};
	pl_diag(diag, PL_SEV_ERROR, NULL, none, "TableGen lexer not built yet");
	*out = NULL;
	return -1;
}
void tg_lex_free(struct tg_lexer *lx) { free(lx); }
const struct tg_token *tg_lex_next(struct tg_lexer *lx) { return &lx->tok; }
const struct tg_token *tg_lex_cur(const struct tg_lexer *lx) { return &lx->tok; }
enum tg_tok tg_lex_peek(struct tg_lexer *lx) { return TG_TOK_EOF; }
const char *tg_tok_name(enum tg_tok kind) { return "?"; }
const char *tg_bang_name(enum tg_bang bang) { return "?"; }
unsigned tg_lex_files(const struct tg_lexer *lx, const char *const **out_paths) { return 0; }
