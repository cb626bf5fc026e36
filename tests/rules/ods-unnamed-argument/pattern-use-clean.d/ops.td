// Ops of an included file: t.a has an unnamed attribute.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_AOp : Op<T_Dialect, "a"> {
  let arguments = (ins AnyType:$x, I32Attr);
  let results = (outs AnyType:$r);
}
def T_BOp : Op<T_Dialect, "b"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
