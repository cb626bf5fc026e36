include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_AddOp : T_Op<"add", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs);
  let results = (outs AnyInteger:$result);
}
def T_NegOp : T_Op<"neg", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger:$result);
}

def Second : NativeCodeCall<"$1">;
def Pick : NativeCodeCall<"($_builder.getBoolAttr(true) ? $0 : $1)">;

// Positive: `$1` but one argument.  mlir-tblgen-16 writes
// `$1<no-subst-found>` into the generated C++, which does not compile.
def NegSecond : Pat<(T_AddOp $a, $b), (T_NegOp (Second $a))>;
// Positive: the `location` directive is not an argument of the template.
def NegPick : Pat<(T_AddOp:$add $a, $b), (T_NegOp (Pick $a, (location $add)))>;
// Positive: no argument at all.
def NegNone : Pat<(T_NegOp $a), (T_NegOp (Second))>;
