// An anonymous pattern is named by FILE:LINE.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def A_Dialect : Dialect { let name = "a"; }
def A_NotOp : Op<A_Dialect, "not"> {
  let arguments = (ins I1:$x);
  let results = (outs I1:$res);
}
def : Pat<(A_NotOp (A_NotOp $x)), (replaceWithValue $x)>;
