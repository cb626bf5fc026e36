// One op for the patterns, one unused constant the driver erases.
func.func @f(%arg0: i32) -> i32 {
  %0 = "test.op_a"(%arg0) : (i32) -> i32
  %1 = arith.constant 1 : i32
  return %0 : i32
}
