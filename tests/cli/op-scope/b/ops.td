// t.foo with two operands (a/ops.td has one).
include "mlir/IR/OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
}

def T_FooOp : Op<T_Dialect, "foo"> {
  let summary = "foo";
  let arguments = (ins AnyType:$x, AnyType:$y);
  let results = (outs AnyType:$r);
}
