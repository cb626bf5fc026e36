include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "nc";
  let cppNamespace = "::nc";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_NotOp : T_Op<"not", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$x); let results = (outs AnyInteger:$r);
}
def T_AndOp : T_Op<"and", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$a, AnyInteger:$b); let results = (outs AnyInteger:$r);
}
def T_OrOp : T_Op<"or", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$a, AnyInteger:$b); let results = (outs AnyInteger:$r);
}
// De Morgan: not(and(a, b)) -> or(not a, not b).  The inner nots are new
// ops whose result types come from SameOperandsAndResultType.
def DeMorgan : Pat<(T_NotOp (T_AndOp $a, $b)), (T_OrOp (T_NotOp $a), (T_NotOp $b))>;
def NotNot : Pat<(T_NotOp (T_NotOp $x)), (replaceWithValue $x)>;
