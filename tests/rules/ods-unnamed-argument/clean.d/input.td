include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Clean: every operand and attribute named.
def T_SelectOp : T_Op<"select"> {
  let arguments = (ins I1:$cond, AnyType:$true_value, AnyType:$false_value,
                       OptionalAttr<I32Attr>:$weight);
  let results = (outs AnyType:$result);
}
// Clean: an unnamed result is the usual idiom (the rule checks arguments).
def T_NegOp : T_Op<"neg"> {
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger);
}
// Suppressed.
def T_OrOp : T_Op<"or"> {
  // patlint: disable-next-line=ods-unnamed-argument
  let arguments = (ins AnyInteger:$lhs, AnyInteger);
}
