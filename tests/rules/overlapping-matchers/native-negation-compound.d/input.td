include "ops.td"
// Positive with "may": '!' binds tighter than '||', so `!isA($_self) ||
// isB($_self)` is not the negation of `isA($_self) || isB($_self)`: both
// hold when isB does.  Worked out by hand: one "may" note, naming the
// constraint patlint cannot evaluate.
def Either : Constraint<CPred<"isA($_self) || isB($_self)">, "a or b">;
def NotAOrB : Constraint<CPred<"!isA($_self) || isB($_self)">, "not a, or b">;
def P : Pat<(T_AddOp $x, $y), (T_NegOp $x), [(Either $x)]>;
def Q : Pat<(T_AddOp $x, $y), (T_NegOp $y), [(NotAOrB $x)]>;
