// A small DRR set: ExpandNeg and FoldSub rewrite each other's output
// (a recursion cycle), Twice only feeds them.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def S_Dialect : Dialect { let name = "s"; }
class S_Op<string m> : Op<S_Dialect, m>;
def S_ZeroOp : S_Op<"zero"> { let results = (outs F32:$res); }
def S_NegOp : S_Op<"neg"> {
  let arguments = (ins F32:$x);
  let results = (outs F32:$res);
}
def S_SubOp : S_Op<"sub"> {
  let arguments = (ins F32:$lhs, F32:$rhs);
  let results = (outs F32:$res);
}
def S_TwiceOp : S_Op<"twice"> {
  let arguments = (ins F32:$x);
  let results = (outs F32:$res);
}

def ExpandNeg : Pat<(S_NegOp $x), (S_SubOp (S_ZeroOp), $x)>;
def FoldSub : Pat<(S_SubOp (S_ZeroOp), $x), (S_NegOp $x)>;
def Twice : Pat<(S_TwiceOp $x), (S_SubOp $x, (S_NegOp $x))>;
