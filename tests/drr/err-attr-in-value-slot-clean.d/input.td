include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_AOp : T_Op<"a"> {
  let arguments = (ins I32:$x, F32Attr:$f);
  let results = (outs I32:$r);
}
def T_BOp : T_Op<"b", [SameOperandsAndResultType]> {
  let arguments = (ins I32:$x);
  let results = (outs I32:$r);
}
def T_TwoOp : T_Op<"two"> {
  let arguments = (ins I32:$x, I32:$y);
  let results = (outs I32:$lo, I32:$hi);
}
def T_VarOp : T_Op<"var"> {
  let arguments = (ins Variadic<I32>:$xs, OptionalAttr<I32Attr>:$tag);
  let results = (outs I32:$r);
}
def T_SinkOp : T_Op<"sink"> {
  let arguments = (ins I32:$x);
}
def T_ConstOp : T_Op<"const", [AllTypesMatch<["value", "r"]>]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$r);
}
def AreSame : Constraint<CPred<"$0 == $1">, "same values">;
def Twice : NativeCodeCall<"twice($_builder, $0)">;
def MatchSelf : NativeCodeCall<"matchSelf($_self, $0)">;
def NoSelf : NativeCodeCall<"noSelf($0)">;
def ZeroAttr : NativeCodeCall<"$_builder.getF32FloatAttr(0.0)">;

// Clean counterpart of err-attr-in-value-slot.d: values in the operand
// slots; a constant becomes a value through an op that takes it as an
// attribute (AllTypesMatch gives t.const its result type).
def W : Pat<(T_AOp $x, $f), (T_AOp $x, $f)>;
def W2 : Pat<(T_AOp $x, $f), (T_BOp (T_ConstOp ConstantAttr<I32Attr, "1">))>;
