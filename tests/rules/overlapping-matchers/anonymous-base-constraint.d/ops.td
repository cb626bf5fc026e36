include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; }
class T_Op<string m, list<Trait> traits = []> : Op<T_Dialect, m, traits>;
def T_POp : T_Op<"p"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_QOp : T_Op<"q"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_ROp : T_Op<"r"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_SOp : T_Op<"s"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_UOp : T_Op<"u"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_VOp : T_Op<"v"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_WOp : T_Op<"w"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_XOp : T_Op<"x"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
