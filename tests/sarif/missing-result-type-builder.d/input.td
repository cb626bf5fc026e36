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

// Positive: T_AOp is nested, so it is not the root's replacement.
// mlir-tblgen-16 accepts this; the generated C++ calls
// rewriter.create<::t::AOp>(odsLoc, /*x=*/tblgen_value_0), and AOp has
// only builders that take the result type: it does not compile.
def Nested : Pat<(T_SameOp $x), (T_SameOp (T_AOp $x))>;
