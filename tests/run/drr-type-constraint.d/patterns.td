include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "tc";
  let cppNamespace = "::tc";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_ExtOp : T_Op<"ext"> { let arguments = (ins AnyInteger:$x); let results = (outs AnyInteger:$r); }
def T_Ext32Op : T_Op<"ext32"> { let arguments = (ins I32:$x); let results = (outs AnyInteger:$r); }
// Only an ext whose operand is i32 becomes ext32.
def ExtFromI32 : Pat<(T_ExtOp I32:$x), (T_Ext32Op $x)>;
