include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_AndOp : T_Op<"and", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs, I32Attr:$flags);
  let results = (outs AnyInteger:$result);
}
def T_NegOp : T_Op<"neg", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger:$result);
}

// Positive: `$rhs` and `$flags` are captured and never read.
def KeepLhs : Pat<(T_AndOp $lhs, $rhs, $flags), (replaceWithValue $lhs)>;
// Positive: a constraint with a name nothing reads: the constraint alone
// does the same.
def KeepLhsI32 : Pat<(T_AndOp $lhs, $_, I32Attr:$flags), (replaceWithValue $lhs)>;
// Positive: an op of the source pattern named and never referred to.
def NegNeg : Pat<(T_NegOp (T_NegOp:$inner $x)), (replaceWithValue $x)>;
// Positive, the slip the rule is for: the result reads `$b` twice where
// `$a, $b` was meant, and `$a` is left unused.
def AndSame : Pat<(T_AndOp $a, $b, $f), (T_AndOp $b, $b, $f)>;
