include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Clean: one variadic operand is attributed by position.
def T_OneVarOp : T_Op<"one_var"> {
  let arguments = (ins AnyType:$head, Variadic<AnyType>:$tail, AnyType:$last);
  let results = (outs Variadic<AnyType>:$outs);
}
// Clean: every variadic of the same size.
def T_SameOp : T_Op<"same", [SameVariadicOperandSize, SameVariadicResultSize]> {
  let arguments = (ins Variadic<AnyType>:$a, Variadic<AnyType>:$b);
  let results = (outs Variadic<AnyType>:$x, Variadic<AnyType>:$y);
}
// Clean: sizes in operand_segment_sizes / result_segment_sizes.
def T_SegOp : T_Op<"seg", [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let arguments = (ins Optional<AnyType>:$a, Variadic<AnyType>:$b);
  let results = (outs Optional<AnyType>:$x, Variadic<AnyType>:$y);
}
// Clean: OptionalAttr is an attribute, not a variable-length operand.
def T_AttrOp : T_Op<"attr"> {
  let arguments = (ins Variadic<AnyType>:$a, OptionalAttr<I32Attr>:$n, OptionalAttr<I32Attr>:$m);
}
