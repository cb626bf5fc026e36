include "mlir/IR/PatternBase.td"
include "ops.td"
// As selector-native-call.d, but valueHead is a C++ function patlint
// cannot see into: the value it gives may be anything (a new op), so
// MoveDelayIntoConcat may match its own output and enable NestedDelays
// again.  Both patterns are on a reported cycle.
def valueHead : NativeCodeCall<"headOf($0)">;
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
