include "ops.td"
// ConstantLikeMatcher (MLIR 16's PatternBase.td) matches an operand whose
// defining op has the ConstantLike trait (m_Constant).  Recognized by the
// NativeCodeCall's text, so MyConstantMatcher (the same test without
// success() and the ::mlir:: qualifiers) counts too; OneUse does not.
// Worked out by hand:
//   t.add:  K-M  clean: t.mul, at K's matched operand, is not ConstantLike
//           K-C  may:   t.cst is ConstantLike (the match still folds it)
//           K-W  may:   t.wcst's anonymous NativeOpTrait may be ConstantLike
//           M-C, M-W, C-W  clean: different ops at the rhs
//   t.sub:  S1-S2  clean: MyConstantMatcher is the same test
//           S1-S3  may:   two constant matchers at one operand
//           S2-S3  clean: t.mul is not ConstantLike
//   t.mul:  N1-N2  may:   OneUse is not the idiom: opaque as before
def MyConstantMatcher : NativeCodeCall<"matchPattern($_self->getResult(0), m_Constant(&$0))">;
def OneUse : NativeCodeCall<"::mlir::success($_self->hasOneUse())">;
def K : Pat<(T_AddOp (T_NegOp $x), (ConstantLikeMatcher AnyAttr:$c)), (T_NegOp $x)>;
def M : Pat<(T_AddOp $a, (T_MulOp $b, $d)), (T_NegOp $a)>;
def C : Pat<(T_AddOp $a, (T_CstOp $v)), (T_NegOp $a)>;
def W : Pat<(T_AddOp $a, (T_WcstOp $v)), (T_NegOp $a)>;
def S1 : Pat<(T_SubOp (T_NegOp $x), (MyConstantMatcher AnyAttr:$c)), (T_NegOp $x)>;
def S2 : Pat<(T_SubOp $a, (T_MulOp $b, $d)), (T_NegOp $a)>;
def S3 : Pat<(T_SubOp I32:$a, (ConstantLikeMatcher AnyAttr:$c)), (T_NegOp $a)>;
def N1 : Pat<(T_MulOp (T_NegOp $x), (OneUse)), (T_NegOp $x)>;
def N2 : Pat<(T_MulOp $a, (T_AddOp $b, $d)), (T_NegOp $a)>;
