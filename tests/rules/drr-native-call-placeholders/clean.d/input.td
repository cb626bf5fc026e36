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
def First : NativeCodeCall<"$0">;
def Dollars : NativeCodeCall<"((void)\"cost: $$1\", $0)">;

// Clean: as many arguments as the template uses.
def NegSecond : Pat<(T_AddOp $a, $b), (T_NegOp (Second $a, $b))>;
// Clean: a trailing `location` directive besides the arguments.
def NegPick : Pat<(T_AddOp:$add $a, $b), (T_NegOp (Pick $a, $b, (location $add)))>;
// Clean: an argument the template does not use is not reported.
def NegFirst : Pat<(T_AddOp $a, $b), (T_NegOp (First $a, $b))>;
// Clean: `$$1` is a literal `$1`, not a placeholder.
def NegDollars : Pat<(T_NegOp (T_NegOp $a)), (T_NegOp (First (Dollars $a)))>;
