include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Positive: two Variadic operands, nothing says how they split.
// mlir-tblgen-16 -gen-op-decls: "op has multiple variadic operands but no
// specification over their sizes".
def T_ConcatOp : T_Op<"concat"> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);
  let results = (outs AnyType:$out);
}
// Positive: an Optional operand counts as variable-length too.
def T_OptOp : T_Op<"opt"> {
  let arguments = (ins Optional<AnyType>:$first, AnyType:$fixed, Variadic<AnyType>:$rest);
}
// Positive: results (Variadic and Optional); the operand trait does not
// cover them.
def T_SplitOp : T_Op<"split", [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b);
  let results = (outs Variadic<AnyType>:$x, Optional<AnyType>:$y);
}
// Positive: a VariadicOfVariadic operand is variable-length as well.
def T_GroupsOp : T_Op<"groups"> {
  let arguments = (ins VariadicOfVariadic<AnyType, "sizes">:$groups,
                       DenseI32ArrayAttr:$sizes, Variadic<AnyType>:$more);
}
