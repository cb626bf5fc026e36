# rules/local.mk -- one file per rule, registered in rules/rules.def.
