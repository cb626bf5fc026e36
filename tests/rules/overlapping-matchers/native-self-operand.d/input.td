// Native constraints whose CPred speaks of the value through `($_self)` in
// parentheses, or through `$0` when applied to one argument (as onnx-mlir's
// IsNoneType, HasFloatType and IndexTypePred are written), are type
// idioms like any other.  Worked out by hand:
//  - PA (none) and PB (f32) on t.p: disjoint, clean.
//  - QA (none, written isa<NoneType>((($_self).getType()))) and QB (f32)
//    on t.q: disjoint, clean.
//  - RA (index, through $0) and RB (f32) on t.r: disjoint, clean.
//  - SA (tensors of floats, through dyn_cast<ShapedType>) and SB (i32
//    tensors) on t.s: disjoint, clean.
//  - UA (tensors of floats) and UB (f32 tensors) on t.u: UB's operations
//    are among UA's; overlapping-matchers leaves containment to
//    benefit-conflict: clean here.
//  - VA ($0 and $1: two arguments, not a one-value idiom) and VB on t.v:
//    they may overlap, and the note names VA's constraint.
include "ops.td"
def IsNoneTypeP : Constraint<CPred<"(($_self).getType().isa<NoneType>())">>;
def IsNoneTypeF : Constraint<CPred<"mlir::isa<NoneType>(($_self).getType())">>;
def IsIndexType : Constraint<CPred<"$0.getType().isa<mlir::IndexType>()">>;
def HasFloatType : Constraint<CPred<"(($_self).getType().dyn_cast<ShapedType>()"
                                    ".getElementType().isa<FloatType>())">>;
def SameType : Constraint<CPred<"$0.getType() == $1.getType()">>;
def PA : Pat<(T_POp $x), (T_POp $x), [(IsNoneTypeP:$x)]>;
def PB : Pat<(T_POp F32:$x), (T_POp $x)>;
def QA : Pat<(T_QOp $x), (T_QOp $x), [(IsNoneTypeF:$x)]>;
def QB : Pat<(T_QOp F32:$x), (T_QOp $x)>;
def RA : Pat<(T_ROp $x), (T_ROp $x), [(IsIndexType $x)]>;
def RB : Pat<(T_ROp F32:$x), (T_ROp $x)>;
def SA : Pat<(T_SOp $x), (T_SOp $x), [(HasFloatType:$x)]>;
def SB : Pat<(T_SOp I32Tensor:$x), (T_SOp $x)>;
def UA : Pat<(T_UOp $x), (T_UOp $x), [(HasFloatType:$x)]>;
def UB : Pat<(T_UOp F32Tensor:$x), (T_UOp $x)>;
def VA : Pat<(T_VOp $x), (T_VOp $x), [(SameType $x, $x)]>;
def VB : Pat<(T_VOp F32:$x), (T_VOp $x)>;
