include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "eb";
  let cppNamespace = "::eb";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_SrcOp : T_Op<"src"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_XOp : T_Op<"x"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_YOp : T_Op<"y"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
def T_ZOp : T_Op<"z"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// Three patterns, equal benefit, same root, written in reverse name order:
// mlir-tblgen registers them in def-name order, and the first wins.
def ZRule : Pat<(T_SrcOp $x), (T_ZOp $x)>;
def YRule : Pat<(T_SrcOp $x), (T_YOp $x)>;
def MRule : Pat<(T_SrcOp $x), (T_XOp $x)>;
