# reports/local.mk -- report writers (text, sarif, json, dot).
libpatlint_a_SOURCES += \
	reports/report.h \
	reports/registry.c \
	reports/text.c \
	reports/json.c \
	reports/sarif.c \
	reports/baseline.c \
	reports/dot.c reports/dot.h \
	$(NULL)
