include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def T_Dialect : Dialect {
  let name = "at";
  let cppNamespace = "::at";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;
def T_ScaleOp : T_Op<"scale"> {
  let arguments = (ins I32:$x, I32Attr:$factor);
  let results = (outs I32:$r);
}
def T_ShlOp : T_Op<"shl"> {
  let arguments = (ins I32:$x, I32Attr:$amount);
  let results = (outs I32:$r);
}
def T_DoubleOp : T_Op<"double"> { let arguments = (ins I32:$x); let results = (outs I32:$r); }
// shl by 1 becomes scale by 2 (a typed constant attribute in the result);
// scale by 1 folds away; scale by 2 becomes double; other factors stay.
def ScaleOne : Pat<(T_ScaleOp $x, ConstantAttr<I32Attr, "1">), (replaceWithValue $x)>;
def ScaleTwo : Pat<(T_ScaleOp $x, ConstantAttr<I32Attr, "2">), (T_DoubleOp $x)>;
def ShlOne : Pat<(T_ShlOp $x, ConstantAttr<I32Attr, "1">), (T_ScaleOp $x, ConstantAttr<I32Attr, "2">)>;
