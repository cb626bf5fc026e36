include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Positive: an unnamed attribute.  mlir-tblgen-16 -gen-op-decls stops with
// "attributes must be named".
def T_ShiftOp : T_Op<"shift"> {
  let arguments = (ins AnyInteger:$value, I32Attr);
  let results = (outs AnyInteger:$result);
}
