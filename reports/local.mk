# reports/local.mk -- report writers (text, sarif, json, dot).
