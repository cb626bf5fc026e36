include "ops.td"
// A native predicate and its negation ('!' before the whole expression or
// a parenthesized one) cannot both hold on one value, whatever the C++
// tests.  Worked out by hand: P (IsSmall on the lhs) meets neither Q nor R
// (its negation); Q and R, the same negation written two ways, may overlap.
def IsSmall : Constraint<CPred<"(::my::isSmall(($_self).getType()))">, "small">;
def IsNotSmall : Constraint<CPred<"(!::my::isSmall(($_self).getType()))">, "not small">;
def IsNotSmall2 : Constraint<CPred<"!(::my::isSmall(($_self).getType()))">, "not small">;
def P : Pat<(T_AddOp $x, $y), (T_NegOp $x), [(IsSmall $x)]>;
def Q : Pat<(T_AddOp $x, $y), (T_NegOp $y), [(IsNotSmall $x)]>;
def R : Pat<(T_AddOp $a, $b), (T_NegOp $b), [(IsNotSmall2 $a)]>;
