// What a match says of the op defining a value still holds when the
// rewrite places that value under an op it creates.  IsConst / IsNotConst
// test isa_and_nonnull<::d::ConstOp> on $_self's defining op, IsNotNeg
// tests getDefiningOp<NegOp>() (the class names d.neg, the only NegOp of
// the run), IsNotWidget names a class no op of the run has.
//
// Without those facts each of the five patterns would match its own
// output.  Worked by hand (B re-matching the op A creates, here A = B):
//  CommuteConst: add(const c, x) -> add(x, c).  Matching the new add needs
//    a d.const first, where x is, and IsNotConst says x is none; also the
//    new $x would be c, a d.const, which IsNotConst rules out.  Clean.
//  MulConstNeg: mul(k, x) -> mul(neg(k), neg(x)), k a d.const.  The new
//    mul has a fresh d.neg first, which IsConst rules out.  Clean.
//  SqNeg: sq(x) -> sq(neg(x)), x not defined by a d.neg.  The new sq's
//    operand is the fresh d.neg, which IsNotNeg rules out.  Clean.
//  NestNeg: sub(const c, x) -> sub(c, neg(neg(x))), x not a d.const.  The
//    new sub has c (a d.const) first and a fresh d.neg (no d.const) second:
//    the facts agree, and the negs pile up without end.  Reported, as a
//    note (patlint does not run IsNotConst on the created ops).
//  AbsOther: abs(x) -> abs(neg(x)), x not an ::other::WidgetOp.  No op of
//    the run has that class: the constraint says nothing, and the negs
//    pile up without end.  Reported, as a note.
include "mlir/IR/PatternBase.td"
include "ops.td"
def IsConst : Constraint<CPred<"::llvm::isa_and_nonnull<::d::ConstOp>($_self.getDefiningOp())">>;
def IsNotConst : Constraint<CPred<"!::llvm::isa_and_nonnull<::d::ConstOp>($_self.getDefiningOp())">>;
def IsNotNeg : Constraint<CPred<"!$_self.getDefiningOp<NegOp>()">>;
def IsNotWidget : Constraint<CPred<"!::llvm::isa_and_nonnull<::other::WidgetOp>($_self.getDefiningOp())">>;
def CommuteConst : Pat<(D_AddOp (D_ConstOp:$c $v), $x), (D_AddOp $x, $c), [(IsNotConst:$x)]>;
def MulConstNeg : Pat<(D_MulOp $k, $x), (D_MulOp (D_NegOp $k), (D_NegOp $x)), [(IsConst:$k)]>;
def SqNeg : Pat<(D_SqOp $x), (D_SqOp (D_NegOp $x)), [(IsNotNeg:$x)]>;
def NestNeg : Pat<(D_SubOp (D_ConstOp:$c $v), $x), (D_SubOp $c, (D_NegOp (D_NegOp $x))), [(IsNotConst:$x)]>;
def AbsOther : Pat<(D_AbsOp $x), (D_AbsOp (D_NegOp $x)), [(IsNotWidget:$x)]>;
