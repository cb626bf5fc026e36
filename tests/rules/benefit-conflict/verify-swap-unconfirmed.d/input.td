include "ops.td"
// Equal benefit, and DropA (registered first) shadows DropB; but both
// rewrite the same way, so swapping their registration order gives the
// same result: unconfirmed (the order does not matter here).
def DropA : Pat<(T_NegOp (T_NegOp $x)), (replaceWithValue $x)>;
def DropB : Pat<(T_NegOp (T_NegOp I32:$x)), (replaceWithValue $x)>;
