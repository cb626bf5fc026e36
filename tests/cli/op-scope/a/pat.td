// mlir-tblgen-16 -gen-rewriters -I %S -I <MLIR 16 include>: accepted.
include "mlir/IR/PatternBase.td"
include "ops.td"

def SelfFoo : Pat<(T_FooOp $x), (T_FooOp $x)>;
