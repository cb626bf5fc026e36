include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// AnyType result: nothing deduces it.
def T_AOp : T_Op<"a"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def T_SameOp : T_Op<"same", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
// A buildable result type: ODS adds InferTypeOpInterface.
def T_I32Op : T_Op<"i32"> {
  let arguments = (ins AnyType:$x);
  let results = (outs I32:$r);
}
def T_IfaceOp : T_Op<"iface", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
// A custom builder without result types.
def T_BldOp : T_Op<"bld"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
  let builders = [OpBuilder<(ins "::mlir::Value":$x)>];
}

// Patterns through TableGen classes with template arguments.  Expected
// (worked out by hand): clean, exit 0; every nested op has deducible
// result types (t.same: SameOperandsAndResultType; t.i32: buildable I32
// with InferTypeOpInterface.td included; t.bld: a builder without result
// types); the class-built root replacement t.a takes the root's types.
class Wrap<dag inner> : Pat<(T_SameOp $x), (T_SameOp inner)>;
class Replace<dag res> : Pat<(T_SameOp $x), res>;
def WrapSame : Wrap<(T_SameOp $x)>;
def WrapI32 : Wrap<(T_I32Op $x)>;
def WrapBld : Wrap<(T_BldOp $x)>;
def ReplA : Replace<(T_AOp $x)>;
