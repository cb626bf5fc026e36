// --verify runs a finding's witness through the engine, which checks a
// project's own ODS type constraints with the same type model as the
// analysis (it used to skip every constraint outside its short table).
// Worked out by hand:
//  - PA and PB on t.p: both take i4, no representative type, so the
//    finding is a "may" note whose witness has i32 in i4's place.  I4OrF32
//    rejects i32: only PA matches the witness, and --verify says the
//    finding is unconfirmed (the engine once said both match).
//  - QA and QB on t.q: AnyTypeOf<[I32, F32]> vs AnyTypeOf<[I32, I64]>: they
//    overlap on i32 with the same benefit, a warning; the witness (i32)
//    satisfies both constraints, both match it, and swapping the
//    registration order changes which rewrite applies: confirmed.
include "ops.td"
def I4 : I<4>;
def I4OrI32 : AnyTypeOf<[I4, I32]>;
def I4OrF32 : AnyTypeOf<[I4, F32]>;
def I32OrF32 : AnyTypeOf<[I32, F32]>;
def I32OrI64 : AnyTypeOf<[I32, I64]>;
def PA : Pat<(T_POp I4OrI32:$x), (T_QOp $x)>;
def PB : Pat<(T_POp I4OrF32:$x), (T_ROp $x)>;
def QA : Pat<(T_QOp I32OrF32:$x), (T_SOp $x)>;
def QB : Pat<(T_QOp I32OrI64:$x), (T_UOp $x)>;
