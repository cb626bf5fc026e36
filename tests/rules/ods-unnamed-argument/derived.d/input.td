include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Clean: a derived attribute is named by its field.  (No compile oracle:
// its C++ needs DerivedAttributeOpInterface, which the oracle does not
// include.)
def T_WidthOp : T_Op<"width"> {
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger:$result);
  DerivedAttr width = DerivedAttr<"unsigned", [{ return 0; }]>;
}
