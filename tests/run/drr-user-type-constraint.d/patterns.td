include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "tu";
  let cppNamespace = "::tu";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_ExtOp : T_Op<"ext"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_WideOp : T_Op<"wide"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
def T_FloatOp : T_Op<"float"> { let arguments = (ins AnyType:$x); let results = (outs AnyType:$r); }
// Project-defined type constraints: the engine checks them with the type
// model of the analyses.  An ext of an i32 or i64 becomes wide, of a
// tensor of floats becomes float; i16, f32 and tensors of integers stay.
def I32OrI64 : AnyTypeOf<[I32, I64]>;
def FloatTensor : TensorOf<[AnyFloat]>;
def ExtWide : Pat<(T_ExtOp I32OrI64:$x), (T_WideOp $x)>;
def ExtFloat : Pat<(T_ExtOp FloatTensor:$x), (T_FloatOp $x)>;
