// ToyOps.td -- a small dialect for patlint's examples: a few arithmetic ops
// on f64 values, with and without result type inference.
#ifndef TOY_OPS_TD
#define TOY_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::toy";
  let summary = "A toy dialect for patlint's examples";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}

class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

def Toy_ConstantOp : Toy_Op<"constant", [Pure]> {
  let summary = "an f64 constant";
  let arguments = (ins F64Attr:$value);
  let results = (outs F64:$result);
}

def Toy_NegOp : Toy_Op<"neg", [Pure, SameOperandsAndResultType]> {
  let summary = "negation";
  let arguments = (ins F64:$input);
  let results = (outs F64:$result);
}

class Toy_BinaryOp<string mnemonic, list<Trait> traits = []>
    : Toy_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let arguments = (ins F64:$lhs, F64:$rhs);
  let results = (outs F64:$result);
}

def Toy_AddOp : Toy_BinaryOp<"add", [Commutative]> { let summary = "addition"; }
def Toy_SubOp : Toy_BinaryOp<"sub"> { let summary = "subtraction"; }
def Toy_MulOp : Toy_BinaryOp<"mul", [Commutative]> { let summary = "multiplication"; }

// A cast whose result type cannot be deduced from its operand: building it
// needs an explicit result type.
def Toy_CastOp : Toy_Op<"cast", [Pure]> {
  let summary = "reinterpret a value as another type";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}

#endif // TOY_OPS_TD
