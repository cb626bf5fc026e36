# parsers/local.mk -- frontends: TableGen (lexer, parser, evaluator), ODS,
# DRR and PDLL.
libpatlint_a_SOURCES += \
	parsers/tablegen/tg.h \
	parsers/tablegen/tg_lex.c parsers/tablegen/tg_lex.h \
	parsers/tablegen/tg_parse.c parsers/tablegen/tg_p.h \
	parsers/tablegen/tg_value.c \
	parsers/tablegen/tg_json.c \
	parsers/tablegen/tg_stream.c \
	parsers/tablegen/tg_image.c parsers/tablegen/tg_image.h \
	parsers/ods.c parsers/ods.h \
	parsers/drr.c parsers/drr.h \
	parsers/tg_access.c parsers/tg_access.h parsers/tg_access_p.h \
	parsers/tg_access_scan.c \
	parsers/pdll/pdll.h parsers/pdll/pdll_p.h \
	parsers/pdll/pdll_lex.c parsers/pdll/pdll_parse.c \
	parsers/pdll/pdll_sema.c parsers/pdll/pdll_lower.c \
	parsers/incpath.c parsers/incpath.h \
	$(NULL)
