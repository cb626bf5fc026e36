include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// AnyType result: nothing deduces it.
def T_AOp : T_Op<"a"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
def T_SameOp : T_Op<"same", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
// A buildable result type: ODS adds InferTypeOpInterface.
def T_I32Op : T_Op<"i32"> {
  let arguments = (ins AnyType:$x);
  let results = (outs I32:$r);
}
def T_IfaceOp : T_Op<"iface", [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
}
// A custom builder without result types.
def T_BldOp : T_Op<"bld"> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
  let builders = [OpBuilder<(ins "::mlir::Value":$x)>];
}

// Patterns through TableGen classes with template arguments.  Expected
// (worked out by hand), exit 1, two errors:
//  - Typo: `$xx` comes in through the class's dag argument and is not
//    bound by the class's source pattern: error at that `$xx` (51:27),
//    did you mean '$x', with a note at the `$x` the class binds (46:37).
//  - Fine: the same class with `$x`: clean.
//  - Guard: the class's constraint uses `$y`, which nothing binds: error
//    at that `$y` (49:42), did you mean '$x' (one edit), note at the `$x`
//    Guarded binds (49:19), and a note "in pattern 'Guard'" (52:5).
class Fold<dag res> : Pat<(T_SameOp $x), res>;
def IsSame : Constraint<CPred<"$0 == $1">, "same">;
class Guarded<dag res>
  : Pat<(T_SameOp $x), res, [(IsSame $x, $y)]>;
def Fine : Fold<(T_SameOp $x)>;
def Typo : Fold<(T_SameOp $xx)>;
def Guard : Guarded<(T_SameOp $x)>;
