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

// Patterns through a TableGen class with template arguments.  Expected
// (worked out by hand): Wrap<(T_AOp $x)> nests t.a inside the root's
// replacement; t.a has only builders that take the result type, so the
// generated C++ calls rewriter.create<::t::AOp>(odsLoc, x) and does not
// compile: one error, on WrapA (47:5: spans of dags built through a class
// fall back to the def's name; the dag itself is at 47:18), note at
// T_AOp (13:5).  Wrap<(T_I32Op $x)> is clean
// (I32 is buildable).  Exit 1.
class Wrap<dag inner> : Pat<(T_SameOp $x), (T_SameOp inner)>;
def WrapI32 : Wrap<(T_I32Op $x)>;
def WrapA : Wrap<(T_AOp $x)>;
