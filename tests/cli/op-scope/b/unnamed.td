// u.bar with two unnamed operands (a/unnamed.td has one).
include "mlir/IR/OpBase.td"

def U_Dialect : Dialect {
  let name = "u";
  let cppNamespace = "::u";
}

def U_BarOp : Op<U_Dialect, "bar"> {
  let summary = "bar";
  let arguments = (ins AnyType, AnyType);
  let results = (outs AnyType:$r);
}
