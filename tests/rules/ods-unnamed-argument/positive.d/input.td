include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Positive: two unnamed operands; no getters are generated for them.
def T_SelectOp : T_Op<"select"> {
  let arguments = (ins I1:$cond, AnyType, AnyType);
  let results = (outs AnyType:$result);
}
// Positive, once per operand: an argument list of a class that two ops
// inherit is reported at the class's `let`, for the first op.
class T_BinOp<string mnemonic> : T_Op<mnemonic> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger);
}
def T_AndOp : T_BinOp<"and">;
def T_OrOp : T_BinOp<"or">;
// Positive: the arguments given through OpBase.td's Arguments<> class:
// reported at the def.
def T_NotOp : T_Op<"not">, Arguments<(ins AnyInteger)>;
