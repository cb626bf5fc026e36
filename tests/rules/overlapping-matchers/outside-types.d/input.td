// Types no representative type stands for (i4, f80, ...) belong to the
// model's "outside" classes.  Worked out by hand:
//  - PA and PB on t.p: AnyTypeOf<[I4, I32]> vs AnyTypeOf<[I4, F32]>.  Both
//    take i4, which no representative is: they overlap, but the model
//    cannot print an i4 witness, so it is a "may" note (both rules).  It
//    used to be disjoint (clean): i32 and f32 were all the model saw.
//  - QA and QB on t.q: I4 vs I32: disjoint, clean (it used to be a "may"
//    note: I4 was unknown).
//  - RA and RB on t.r: F16 vs F32: disjoint, clean (isF16() is known).
//  - SA and SB on t.s: AnySignlessInteger takes every signless integer,
//    I4 only i4: SB's operations are among SA's, and SA is registered
//    first with the same benefit, so SB can never apply.  A note, not a
//    warning: no witness type (i4) can be printed.
//    The witness says that i32 stands in for i4.
//  - UA and UB on t.u: AnyTypeOf<[I32, I64, I4]> vs AnyTypeOf<[I32, I64]>:
//    UA takes more (i4) and is registered first (def-name order) with the
//    same benefit, so UB can never apply: a benefit-conflict warning that
//    names UA as the more general pattern (it used to say they match
//    exactly the same operations).  overlapping-matchers leaves
//    containment to benefit-conflict.
//  - UC and UD on t.v: the same constraints, the specific one registered
//    first: it applies where it matches, UD takes the rest: clean.
//  - WA and WB on t.w: tensors of i8 vs tensors of f16, element types no
//    shaped representative has (their tensors are outside classes by the
//    element's kind): integer vs float elements, disjoint, clean.
//  - XA and XB on t.x: tensors of i8 vs tensors of i16: both fall in the
//    class "tensors of other integers", which the model does not split:
//    a "may" note (a known imprecision; they are disjoint).
include "ops.td"
def I4 : I<4>;
def I4OrI32 : AnyTypeOf<[I4, I32]>;
def I4OrF32 : AnyTypeOf<[I4, F32]>;
def I32OrI64 : AnyTypeOf<[I32, I64]>;
def I32OrI64OrI4 : AnyTypeOf<[I32, I64, I4]>;
def PA : Pat<(T_POp I4OrI32:$x), (T_POp $x)>;
def PB : Pat<(T_POp I4OrF32:$x), (T_POp $x)>;
def QA : Pat<(T_QOp I4:$x), (T_QOp $x)>;
def QB : Pat<(T_QOp I32:$x), (T_QOp $x)>;
def RA : Pat<(T_ROp F16:$x), (T_ROp $x)>;
def RB : Pat<(T_ROp F32:$x), (T_ROp $x)>;
def SA : Pat<(T_SOp AnySignlessInteger:$x), (T_SOp $x)>;
def SB : Pat<(T_SOp I4:$x), (T_SOp $x)>;
def UA : Pat<(T_UOp I32OrI64OrI4:$x), (T_UOp $x)>;
def UB : Pat<(T_UOp I32OrI64:$x), (T_UOp $x)>;
def UC : Pat<(T_VOp I32OrI64:$x), (T_VOp $x)>;
def UD : Pat<(T_VOp I32OrI64OrI4:$x), (T_VOp $x)>;
def I8T : TensorOf<[I8]>;
def I16T : TensorOf<[I16]>;
def F16T : TensorOf<[F16]>;
def WA : Pat<(T_WOp I8T:$x), (T_WOp $x)>;
def WB : Pat<(T_WOp F16T:$x), (T_WOp $x)>;
def XA : Pat<(T_XOp I8T:$x), (T_XOp $x)>;
def XB : Pat<(T_XOp I16T:$x), (T_XOp $x)>;
