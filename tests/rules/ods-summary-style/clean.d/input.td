include "mlir/IR/OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Clean: a one-liner without trailing punctuation.
def T_AddOp : T_Op<"add"> {
  let summary = "integer addition";
  let description = [{ Adds two integers. }];
}
// Clean: a code block written over several source lines holding one line
// of text; surrounding white space does not count.
def T_CastOp : T_Op<"cast"> {
  let summary = [{
    bit cast between types of the same width
  }];
}
// Clean: closing brackets and quotes are not punctuation.
def T_OldOp : T_Op<"old"> {
  let summary = "legacy form (deprecated)";
}
def T_ViewOp : T_Op<"view"> {
  let summary = "view of a `memref`";
}
// Clean: punctuation inside the text.
def T_MinOp : T_Op<"min"> {
  let summary = "minimum, e.g. of two integers";
}
// Clean: no summary at all is a different matter.
def T_BareOp : T_Op<"bare">;
