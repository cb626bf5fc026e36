include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def F8AndF32 : AnyTypeOf<[F8E4M3FN, F32]>;
def FpT : TensorOf<[F8AndF32]>;
def CxT : TensorOf<[Complex<F32>]>;
def C_Dialect : Dialect { let name = "c"; }
class C_Op<string m> : Op<C_Dialect, m>;
def C_AddOp : C_Op<"add"> { let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs); let results = (outs AnyTensor:$r); }
def C_RealOp : C_Op<"real"> { let arguments = (ins CxT:$x); let results = (outs FpT:$r); }
def C_ImagOp : C_Op<"imag"> { let arguments = (ins CxT:$x); let results = (outs FpT:$r); }
def C_ConjOp : C_Op<"conj"> { let arguments = (ins CxT:$x); let results = (outs CxT:$r); }
def C_PackOp : C_Op<"pack"> { let arguments = (ins FpT:$re, FpT:$im); let results = (outs CxT:$r); }
