// t.a comes from an included file and has an unnamed attribute: the ops of
// included files are not checked on their own, but mlir-tblgen-16
// -gen-rewriters rejects this file ("attributes must be named"), so each
// pattern use of t.a is reported, once per use (P matches it, R builds it).
include "ops.td"
def P : Pat<(T_AOp $x, $a), (T_BOp $x)>;
def Q : Pat<(T_BOp $x), (T_BOp $x)>;
def R : Pat<(T_BOp (T_BOp $x)), (T_AOp $x, ConstantAttr<I32Attr, "1">)>;
