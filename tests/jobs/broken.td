// A .td file with an error, included by b.pdll: the error is reported at
// the include with -j 1 and -j 2 alike.
include "mlir/IR/OpBase.td"
def J_Broken : Op<UnknownDialect, "broken">;
