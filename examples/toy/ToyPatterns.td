// ToyPatterns.td -- DRR patterns over the toy dialect.  Each pattern below
// the first is a deliberate defect that patlint reports (see run.sh).
include "mlir/IR/PatternBase.td"
include "ToyOps.td"

// Fine: -(-x) => x.
def DoubleNeg : Pat<(Toy_NegOp (Toy_NegOp $x)), (replaceWithValue $x)>;

// unbounded-recursion: SubToAdd's result is what AddNegToSub matches and
// AddNegToSub's result is what SubToAdd matches, so the greedy driver
// rewrites a - b forever.
def SubToAdd : Pat<(Toy_SubOp $a, $b), (Toy_AddOp $a, (Toy_NegOp $b))>;
def AddNegToSub : Pat<(Toy_AddOp $a, (Toy_NegOp $b)), (Toy_SubOp $a, $b)>;

// overlapping-matchers and benefit-conflict: (-x) + (-y) matches both this
// pattern and AddNegToSub, both with benefit 2; which one runs is decided
// only by the order of registration (def names).
def AddNegLhsToSub : Pat<(Toy_AddOp (Toy_NegOp $a), $b), (Toy_SubOp $b, $a)>;

// missing-result-type-builder: the Toy_CastOp built as an operand is not
// the replacement of the root, and nothing tells its result type.
def MulOfCast : Pat<(Toy_MulOp (Toy_CastOp $x), $y),
                    (Toy_MulOp (Toy_CastOp (Toy_NegOp $x)), $y)>;
