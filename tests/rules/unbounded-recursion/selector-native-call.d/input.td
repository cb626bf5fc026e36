include "mlir/IR/PatternBase.td"
include "ops.td"
// delay(delay(s, I), J) -> delay(s, I+J) and
// delay(concat(s, t...), N) -> concat(delay(s, N), t...).  Each pattern
// may feed the other, but every round needs structure that existed below
// the rewritten op: the delayed sequence is an element that valueHead and
// valueTail only select from the matched operand list (no new op), so it
// lies deeper than where the next match needs an op.  Clean.
def valueHead : NativeCodeCall<"$0[0]">;
def valueTail : NativeCodeCall<"$0.drop_front()">;
def concatValues : NativeCodeCall<"concatValues(ValueRange{$0}, ValueRange{$1})">;
def mergedDelays : NativeCodeCall<
  "$_builder.getI64IntegerAttr($0.getInt() + $1.getInt())">;
def NestedDelays : Pat<
  (S_DelayOp (S_DelayOp $input, $delay1), $delay2),
  (S_DelayOp $input, (mergedDelays $delay1, $delay2))>;
def MoveDelayIntoConcat : Pat<
  (S_DelayOp (S_ConcatOp $inputs), $delay),
  (S_ConcatOp (concatValues (S_DelayOp (valueHead $inputs), $delay),
                            (valueTail $inputs)))>;
