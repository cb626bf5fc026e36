include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_NegOp : T_Op<"neg", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger:$result);
}

// A native matcher writes its captures through $0, $1, ...
def SplitNeg : NativeCodeCall<"splitNeg($_self, $0, $1)">;

// Positive: the matcher writes $1, the pattern captures one value.
def OneCapture : Pat<(T_NegOp (SplitNeg $x)), (T_NegOp $x)>;
// Clean: two captures.
def TwoCaptures : Pat<(T_NegOp (SplitNeg $x, $y)), (T_NegOp $y)>;
// Suppressed.
// patlint: disable-next-line=drr-native-call-placeholders
def Suppressed : Pat<(T_NegOp (SplitNeg $x)), (T_NegOp $x)>;
