// t.foo with one operand.  The cases check-*-scope*.d check pattern files
// against it and against b/ops.td, which defines t.foo with two.
include "mlir/IR/OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
}

def T_FooOp : Op<T_Dialect, "foo"> {
  let summary = "foo";
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
