include "mlir/IR/OpBase.td"

def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let useFoldAPI = kEmitFoldAdaptorFolder;
}
class T_Op<string mnemonic, list<Trait> traits = []> : Op<T_Dialect, mnemonic, traits>;

// Positive: a trailing period.
def T_AddOp : T_Op<"add"> {
  let summary = "Adds two integers.";
}
// Positive: a question.
def T_IsNullOp : T_Op<"is_null"> {
  let summary = "is the pointer null?";
}
// Positive: two lines of text, not a one-liner.
def T_CastOp : T_Op<"cast"> {
  let summary = [{
    converts a value of one type to another type of
    the same bit width
  }];
}
// Positive, once: a class's summary that two ops inherit is reported at
// the class's `let`, for the first op.
class T_CmpOp<string mnemonic> : T_Op<mnemonic> {
  let summary = "compares two values;";
}
def T_LtOp : T_CmpOp<"lt">;
def T_GtOp : T_CmpOp<"gt">;

// Suppressed.
def T_SubOp : T_Op<"sub"> {
  // patlint: disable-next-line=ods-summary-style
  let summary = "Subtracts.";
}
