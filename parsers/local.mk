# parsers/local.mk -- frontends: TableGen (lexer, parser, evaluator), ODS,
# DRR and PDLL.
libpatlint_a_SOURCES += \
	parsers/tablegen/tg.h \
	parsers/tablegen/tg_lex.c parsers/tablegen/tg_lex.h \
	parsers/tablegen/tg_parse.c \
	$(NULL)
