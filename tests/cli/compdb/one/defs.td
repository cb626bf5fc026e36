// The defs.td of include folder one/: op foo.x takes one operand.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def Foo_Dialect : Dialect { let name = "foo"; }
def Foo_OpX : Op<Foo_Dialect, "x"> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r);
}
