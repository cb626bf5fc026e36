include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

def T_AOp : T_Op<"a"> {
  let arguments = (ins I32:$x, I32Attr:$k);
  let results = (outs I32:$r);
}
def Twice : NativeCodeCall<"twice($_builder, $0)">;
def OfSelf : NativeCodeCall<"ofSelf($_builder, $_self)">;

// an attribute constraint on a name in a result: "unhandled case"
def NamedAttrLeaf : Pat<(T_AOp $x, $k), (T_AOp $x, I32Attr:$k)>;
// a NativeCodeCall leaf without a name: the symbol '' is unbound
def BareNative : Pat<(T_AOp $x, $k), (T_AOp Twice, $k)>;
// an attribute constraint in the constraint list, even on one name
def AttrInList : Pat<(T_AOp $x, $k), (T_AOp $x, $k), [(I32Attr $k)]>;
// fine: a named NativeCodeCall leaf and a type constraint on a name
def NamedNative : Pat<(T_AOp $x, $k), (T_AOp OfSelf:$x, $k)>;
def TypedName : Pat<(T_AOp $x, $k), (T_AOp I32:$x, $k)>;
