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
def IsPositive : Constraint<CPred<"$0.getInt() > 0">, "positive">;

// Clean: `$_` and a bare constraint capture nothing.
def KeepLhs : Pat<(T_AndOp $lhs, $_, I32Attr), (replaceWithValue $lhs)>;
// Clean: a repeated name is an equality constraint, a use.
def AndSelf : Pat<(T_AndOp $x, $x, $_), (replaceWithValue $x)>;
// Clean: read by a constraint only.
def KeepPos : Pat<(T_AndOp $lhs, $_, $flags), (replaceWithValue $lhs), [(IsPositive $flags)]>;
// Clean: an op name read by a location directive.
def NegNeg : Pat<(T_NegOp:$outer (T_NegOp $x)), (T_NegOp $x, (location $outer))>;
// Clean: a name on an op built by the result pattern documents it.
def NegAnd : Pat<(T_NegOp (T_AndOp $a, $b, $f)), (T_NegOp (T_AndOp:$built $a, $b, $f))>;
// Clean: an indexed use `$op__0` reads `$op`.
def NegIdx : Pat<(T_NegOp (T_NegOp:$inner $_)), (T_NegOp $inner__0)>;
// Suppressed.
// patlint: disable-next-line=drr-unused-capture
def KeepLhs2 : Pat<(T_AndOp $lhs, $_, $flags), (replaceWithValue $lhs)>;
