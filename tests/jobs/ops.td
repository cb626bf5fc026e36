// Ops for tests/jobs.test: included by the .pdll files beside it and by
// patterns.td, so that `check -j 2` evaluates it ahead for both kinds.
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def J_Dialect : Dialect { let name = "j"; }
class J_Op<string m, list<Trait> traits = []> : Op<J_Dialect, m, traits>;
def J_AddOp : J_Op<"add"> { let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$r); }
def J_NegOp : J_Op<"neg"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def J_MulOp : J_Op<"mul"> { let arguments = (ins AnyType:$lhs, AnyType:$rhs); let results = (outs AnyType:$r); }
