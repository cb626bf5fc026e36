// The ODS result type of an op a rewrite builds, against the type
// constraint of the operand a pattern needs there.  Worked out by hand:
//  - SplitAdd matches c.add of complex tensors and builds c.add over
//    c.real / c.imag results, float tensors (f8E4M3FN or f32 elements):
//    its own match needs complex operands there, so it cannot match what
//    it builds (clean, as mhlo's lower_complex).
//  - ConjAdd builds c.add over c.conj results, complex tensors: it can
//    match its own output without end (a real loop, kept).
include "ops.td"
def SplitAdd : Pat<(C_AddOp CxT:$a, CxT:$b),
                   (C_PackOp (C_AddOp (C_RealOp $a), (C_RealOp $b)),
                             (C_AddOp (C_ImagOp $a), (C_ImagOp $b)))>;
def ConjAdd : Pat<(C_AddOp CxT:$a, CxT:$b),
                  (C_AddOp (C_ConjOp $a), (C_ConjOp $b))>;
