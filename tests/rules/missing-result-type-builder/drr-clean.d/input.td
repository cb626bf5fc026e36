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

// Clean: every op built has deducible result types.
// Root replacement: takes the root's result types.
def RootRepl : Pat<(T_SameOp $x), (T_AOp $x)>;
// SameOperandsAndResultType: (values, attributes) builder.
def Same : Pat<(T_AOp $x), (T_AOp (T_SameOp $x))>;
// InferTypeOpInterface declared.
def Iface : Pat<(T_AOp $x), (T_AOp (T_IfaceOp $x))>;
// Explicit returnType: collective builder.
def RetType : Pat<(T_SameOp $x), (T_SameOp (T_AOp $x, (returnType $x)))>;
// A custom builder without result types of matching arity.
def CustomBuilder : Pat<(T_SameOp $x), (T_SameOp (T_BldOp $x))>;
// I32 is buildable: ODS adds InferTypeOpInterface and its builder.
def Buildable : Pat<(T_SameOp $x), (T_SameOp (T_I32Op $x))>;
