// An inline Constraint<CPred<"...">> in a constraint list is an anonymous
// record of the base class Constraint, as every such constraint is:
// findings call it an inline native constraint and name it by its
// predicate's text (without the parentheses around the whole, whitespace
// runs as one space, cut with "..." past 60 bytes); they used to say
// `Constraint` for all of them.
// Worked out by hand: A (its $x under a short predicate patlint cannot
// read) and B (an f32 operand) may match the same t.p operations, unless
// A's predicate rules it out; C (a long predicate written over two
// strings, with a run of spaces) and D (f32) likewise on t.s; E (a
// predicate whose 60th byte is the first of a two-byte character: the cut
// goes before that character, at 59 bytes) and F (f32) on t.u.
include "ops.td"
def A : Pat<(T_POp $x), (T_QOp $x), [(Constraint<CPred<"isGood($0)">> $x)]>;
def B : Pat<(T_POp F32:$y), (T_ROp $y)>;
def C : Pat<(T_SOp $x), (T_QOp $x),
            [(Constraint<CPred<"$0.getDefiningOp() &&   "
                               "$0.getDefiningOp()->hasTrait<::mlir::OpTrait::ConstantLike>()">> $x)]>;
def D : Pat<(T_SOp F32:$y), (T_ROp $y)>;
def E : Pat<(T_UOp $x), (T_QOp $x),
            [(Constraint<CPred<"isAVeryLongPredicateNameThatGoesOnAndOnUntilItHitsTheEdgexxé($0)">> $x)]>;
def F : Pat<(T_UOp F32:$y), (T_ROp $y)>;
