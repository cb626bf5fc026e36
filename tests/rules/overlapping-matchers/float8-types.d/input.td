// Float8 element types (isFloat8E4M3FN() and kin) are floats no
// representative type has: a constraint allowing them and f32 is still
// known to exclude integers.  Worked out by hand:
//  - FA (f8E4M3FN or f32 tensors) and IA (i32 tensors): disjoint, clean
//    (as mlir-hlo's HLO_FpTensor against HLO_IntTensor).
//  - FA and FB (f32 tensors): FB's operations are among FA's, and FA has
//    more (its f8E4M3FN tensors, of a class of types outside the
//    representatives): containment, which benefit-conflict reports, not
//    this rule: clean.  (It used to say "exactly the same operations".)
include "ops.td"
def F8OrF32 : AnyTypeOf<[F8E4M3FN, F32]>;
def FT : TensorOf<[F8OrF32]>;
def FA : Pat<(T_AddOp FT:$a, FT:$b), (T_NegOp $a)>;
def IA : Pat<(T_AddOp I32Tensor:$a, I32Tensor:$b), (T_NegOp $b)>;
def FB : Pat<(T_AddOp F32Tensor:$a, F32Tensor:$b), (T_NegOp $b)>;
