// Type constraints the representative types do not all cover.  Worked
// out by hand:
//  - CA and CB: TensorOf<[Complex<F32>]> (OpBase's Complex is a
//    SubstLeaves on the complex's element type) on both operands: the same
//    operations (a real overlap, once missed: the element-type predicate
//    was tested on the complex type itself).
//  - CA and CC: Complex<F32> vs Complex<F64> elements: disjoint, clean.
//  - CA and FA: a tensor of complex<f32> vs a tensor of f32: disjoint.
//  - IA and IB: I4 on both operands.  No representative type is i4: the
//    model knows I4 takes some signless integers outside them, not which,
//    so they may match the same operations (exactly the same ones, in
//    fact), and the witness says i32 stands in for the type.
include "ops.td"
def I4 : I<4>;
def CT32 : TensorOf<[Complex<F32>]>;
def CT64 : TensorOf<[Complex<F64>]>;
def CA : Pat<(T_AddOp CT32:$a, CT32:$b), (T_NegOp $a)>;
def CB : Pat<(T_AddOp CT32:$x, CT32:$y), (T_NegOp $y)>;
def CC : Pat<(T_AddOp CT64:$a, CT64:$b), (T_NegOp $a)>;
def FA : Pat<(T_AddOp F32Tensor:$a, F32Tensor:$b), (T_NegOp $a)>;
def IA : Pat<(T_NegOp I4:$a), (T_NegOp $a)>;
def IB : Pat<(T_NegOp I4:$b), (T_NegOp $b)>;
