// u.bar with one unnamed operand; b/unnamed.td defines u.bar with two.
// Each file's ODS rule findings are its own, alone or in one run.
include "mlir/IR/OpBase.td"

def U_Dialect : Dialect {
  let name = "u";
  let cppNamespace = "::u";
}

def U_BarOp : Op<U_Dialect, "bar"> {
  let summary = "bar";
  let arguments = (ins AnyType);
  let results = (outs AnyType:$r);
}
