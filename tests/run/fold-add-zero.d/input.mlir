// Two folds; the constant becomes unused and MLIR erases it; a non-zero
// addend stays.
func.func @f(%arg0: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = "t.add"(%arg0, %c0) : (i32, i32) -> i32
  %1 = "t.add"(%0, %c0) : (i32, i32) -> i32
  %2 = "t.add"(%1, %c1) : (i32, i32) -> i32
  return %2 : i32
}
