include "ops.td"
// Clean: `(C:$x)` applies C with $_self standing for $x (mlir-tblgen's
// AppliedConstraint self), so P's IsNone on $y and Q's IsNotNone on $y
// cannot both hold.  Worked out by hand: no finding.
def IsNone : Constraint<CPred<"(($_self).getType().isa<::mlir::NoneType>())">>;
def IsNotNone : Constraint<CPred<"(!($_self).getType().isa<::mlir::NoneType>())">>;
def P : Pat<(T_AddOp $x, $y), (T_NegOp $x), [(IsNone:$y)]>;
def Q : Pat<(T_AddOp $x, $y), (T_NegOp $x), [(IsNotNone:$y)]>;
