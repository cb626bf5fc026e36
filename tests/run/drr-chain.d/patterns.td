include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "ch";
  let cppNamespace = "::ch";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_AOp : T_Op<"a"> { let arguments = (ins AnyInteger:$x); let results = (outs AnyInteger:$r); }
def T_BOp : T_Op<"b"> { let arguments = (ins AnyInteger:$x); let results = (outs AnyInteger:$r); }
def T_COp : T_Op<"c"> { let arguments = (ins AnyInteger:$x); let results = (outs AnyInteger:$r); }
def T_DOp : T_Op<"d"> { let arguments = (ins AnyInteger:$x); let results = (outs AnyInteger:$r); }
// A lowering chain a -> b -> c -> d.
def AToB : Pat<(T_AOp $x), (T_BOp $x)>;
def BToC : Pat<(T_BOp $x), (T_COp $x)>;
def CToD : Pat<(T_COp $x), (T_DOp $x)>;
