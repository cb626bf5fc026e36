// t.a (included, with an unnamed attribute) is used by no pattern:
// mlir-tblgen-16 -gen-rewriters accepts this file, and the ops of included
// files are not checked on their own.
include "ops.td"
def Q : Pat<(T_BOp $x), (T_BOp $x)>;
