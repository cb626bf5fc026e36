include "mlir/IR/PatternBase.td"
include "ops.td"
// Patterns through TableGen classes with template arguments.
// Expected (worked out by hand): Expand turns a - b into a + (-b) and
// Fold turns a + (-b) back into a - b, both through Rewrite<from, to>:
// one cycle, reported once at its first pattern in file order:
// Expand (line 16) -> Fold (line 17) -> Expand.  ScaleBy<"2", "4"> and
// ScaleBy<"4", "8"> form a chain 2 -> 4 -> 8 that ends (no pattern matches
// scale by 8): clean.  Exit 1, one warning.
class Rewrite<dag from, dag to> : Pat<from, to>;
class ScaleBy<string f, string g>
  : Pat<(R_ScaleOp $x, ConstantAttr<I64Attr, f>), (R_ScaleOp $x, ConstantAttr<I64Attr, g>)>;

def Scale2 : ScaleBy<"2", "4">;
def Scale4 : ScaleBy<"4", "8">;
def Expand : Rewrite<(R_SubOp $a, $b), (R_AddOp $a, (R_NegOp $b))>;
def Fold : Rewrite<(R_AddOp $a, (R_NegOp $b)), (R_SubOp $a, $b)>;
