include "ops.td"
// Project-defined constraints through CPred idioms.  A (any float) and B
// (32-bit signless integer) are disjoint: clean.  C (F32, I32) lies inside
// A: a specific pattern next to a fallback, not reported here.  D (second
// operand i32) and A overlap on (f32, i32) with neither inside the other:
// positive.
def MyFloat : Type<CPred<"::llvm::isa<::mlir::FloatType>($_self)">, "float">;
def MyI32 : Type<CPred<"$_self.isSignlessInteger(32)">, "i32">;
def A : Pat<(T_AddOp MyFloat:$x, $y), (T_NegOp $x)>;
def B : Pat<(T_AddOp MyI32:$x, $y), (T_NegOp $x)>;
def C : Pat<(T_AddOp F32:$x, I32:$y), (T_NegOp $y)>;
def D : Pat<(T_AddOp $x, MyI32:$y), (T_NegOp $y)>;
