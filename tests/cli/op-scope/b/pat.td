// mlir-tblgen-16 -gen-rewriters -I %S -I <MLIR 16 include>: accepted.
// T_FooOp is b/ops.td's, with two operands, whichever definition of
// t.foo another input of the run registered first.
include "mlir/IR/PatternBase.td"
include "ops.td"

def SwapFoo : Pat<(T_FooOp $x, $y), (T_FooOp $y, $x), [], (addBenefit 1)>;
