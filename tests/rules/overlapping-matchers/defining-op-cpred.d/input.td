include "ops.td"
// C++ predicates on a value's defining op.  X in isa<X>, getDefiningOp<X>
// and their kin is an op's C++ class: the def name after its first '_'
// (the whole name without one), in the dialect's cppNamespace; qualifiers
// written on X must end that namespace; an unqualified X names every op of
// that class name.  Worked out by hand:
//   t.add:  A1-A2  clean: $x is not a TConstantOp, A1 has t.constant there
//   t.sub:  B1-B2  clean: not t::CstOp vs t.cst
//           B1-B3  may:   CstOp names t.cst and u.cst: "not CstOp" may
//                         exclude u.cst only
//           B2-B3  clean: t.neg vs t.mul at the rhs
//   t.mul:  C1-C2  clean: ::t::CstOp wanted where C1 has t.neg
//           C1-C4  may:   t.neg wanted where C1 has t.neg: mul(neg, add)
//           C2-C4  clean: defined by t.cst and by t.neg at once
//   t.div:  D1-D2  clean: $0 (the first argument) not from t.neg vs t.neg
//   t.rem:  E1-E2  may:   FoldableOpInterface is no op the run knows
def NotAConstant : Constraint<CPred<"! isa_and_nonnull<TConstantOp>(($_self).getDefiningOp())">, "not a constant">;
def NotTCst : Constraint<CPred<"!isa_and_nonnull<t::CstOp>($_self.getDefiningOp())">, "not t.cst">;
def NotCst : Constraint<CPred<"!::llvm::isa_and_nonnull<CstOp>($_self.getDefiningOp())">, "not a cst">;
def IsTCst : Constraint<CPred<"::llvm::isa_and_nonnull<::t::CstOp>($_self.getDefiningOp())">, "t.cst">;
def FromNeg : Constraint<CPred<"$_self.getDefiningOp<NegOp>()">, "from t.neg">;
def NotFromNeg : Constraint<CPred<"!(llvm::dyn_cast_or_null<NegOp>($0.getDefiningOp()))">, "not from t.neg">;
def IsFoldable : Constraint<CPred<"isa_and_nonnull<FoldableOpInterface>($_self.getDefiningOp())">, "foldable">;
def A1 : Pat<(T_AddOp (TConstantOp $v), $y), (T_NegOp $y)>;
def A2 : Pat<(T_AddOp $x, (T_NegOp $z)), (T_NegOp $x), [(NotAConstant:$x)]>;
def B1 : Pat<(T_SubOp (T_CstOp $v), $y), (T_NegOp $y)>;
def B2 : Pat<(T_SubOp $x, (T_NegOp $z)), (T_NegOp $x), [(NotTCst:$x)]>;
def B3 : Pat<(T_SubOp $x, (T_MulOp $p, $q)), (T_NegOp $x), [(NotCst:$x)]>;
def C1 : Pat<(T_MulOp (T_NegOp $z), $y), (T_NegOp $y)>;
def C2 : Pat<(T_MulOp $x, (T_AddOp $p, $q)), (T_NegOp $x), [(IsTCst:$x)]>;
def C4 : Pat<(T_MulOp $x, (T_AddOp $p, $q)), (T_NegOp $x), [(FromNeg:$x)]>;
def D1 : Pat<(T_DivOp (T_NegOp $z), $y), (T_NegOp $y)>;
def D2 : Pat<(T_DivOp $x, (T_CstOp $v)), (T_NegOp $x), [(NotFromNeg $x)]>;
def E1 : Pat<(T_RemOp (T_CstOp $v), $y), (T_NegOp $y)>;
def E2 : Pat<(T_RemOp $x, (T_NegOp $z)), (T_NegOp $x), [(IsFoldable:$x)]>;
