// A DRR pattern with a nested match, a constraint, a repeated name, a
// native call and an auxiliary op, drawn by `patlint graph --pattern`.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def G_Dialect : Dialect { let name = "g"; }
class G_Op<string m> : Op<G_Dialect, m>;
def G_AddOp : G_Op<"add"> {
  let arguments = (ins F32:$lhs, F32:$rhs);
  let results = (outs F32:$res);
}
def G_MulOp : G_Op<"mul"> {
  let arguments = (ins F32:$lhs, F32:$rhs);
  let results = (outs F32:$res);
}
def G_NegOp : G_Op<"neg"> {
  let arguments = (ins F32:$x);
  let results = (outs F32:$res);
}
def IsSmall : Constraint<CPred<"isSmall($0)">, "small">;
def MakeTwo : NativeCodeCall<"makeTwo($_builder, $0)">;

def Distribute : Pat<(G_MulOp (G_AddOp:$sum $a, $b), $c),
                     (G_AddOp (G_MulOp $a, $c), (G_MulOp $b, (MakeTwo $c))),
                     [(IsSmall $c)]>;
def NegNeg : Pat<(G_NegOp (G_NegOp $x)), (replaceWithValue $x)>;
