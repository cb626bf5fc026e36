// Hostile names: quotes, backslashes, <>{}|&, a tab, invalid UTF-8 (a raw
// 0xFF byte), valid UTF-8, and text that means something to dot (\N, \n).
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"

def H_Dialect : Dialect { let name = "h<b>&amp;"; }
class H_Op<string m> : Op<H_Dialect, m>;
def H_WeirdOp : H_Op<"we\"ird\\<>{}|\tÿÃ©\\N\\n\\"> {
  let arguments = (ins F32:$in);
  let results = (outs F32:$res);
}
def H_OtherOp : H_Op<"other]]>"> {
  let arguments = (ins F32:$in);
  let results = (outs F32:$res);
}
def Hostile : Pat<(H_WeirdOp $x),
                  (H_OtherOp (NativeCodeCall<"f(\"}{\\\", '<|>') & \\N">:$y $x))>;
