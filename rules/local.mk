# rules/local.mk -- one file per rule, registered in rules/rules.def.
libpatlint_a_SOURCES += \
	rules/rule.h \
	rules/rules.def \
	rules/registry.c \
	rules/config.c \
	rules/findings.c rules/findings.h \
	rules/unbound-variable.c \
	rules/missing-result-type-builder.c \
	rules/overlapping-matchers.c \
	rules/unbounded-recursion.c \
	rules/benefit-conflict.c \
	rules/unused-suppression.c \
	rules/ods-variadic-segments.c \
	rules/ods-summary-style.c \
	rules/ods-unnamed-argument.c \
	rules/drr-native-call-placeholders.c \
	rules/drr-unused-capture.c \
	$(NULL)
dist_man_MANS += man/patlint-rules.7
