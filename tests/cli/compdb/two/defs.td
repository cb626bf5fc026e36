// The defs.td of include folder two/: the same record names, but op
// bar.x, which takes two operands.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def Foo_Dialect : Dialect { let name = "bar"; }
def Foo_OpX : Op<Foo_Dialect, "x"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
