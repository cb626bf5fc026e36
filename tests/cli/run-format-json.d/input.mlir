func.func @f(%arg0: i32) -> i32 {
  %0 = "test.op_a"(%arg0) : (i32) -> i32
  %1 = arith.constant 1 : i32
  %2 = "test.op_a"(%1) : (i32) -> i32
  %3 = arith.constant 1 : i32
  %4 = arith.addi %2, %3 : i32
  %5 = arith.constant 2 : i32
  %6 = arith.addi %5, %3 : i32
  %7 = arith.addi %arg0, %5 : i32
  %8 = arith.muli %7, %5 : i32
  %9 = "test.use"(%4, %6, %8) : (i32, i32, i32) -> i32
  return %9 : i32
}
