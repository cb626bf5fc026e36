func.func @f(%arg0: i32, %arg1: i1) -> i32 {
  %c7 = arith.constant 7 : i32
  %0 = arith.addi %arg0, %c7 : i32
  %1 = "t.produce"(%arg0) : (i32) -> i32
  %2 = "t.select"(%arg1, %arg0, %1) : (i1, i32, i32) -> i32
  %3 = "t.select"(%arg1, %2, %0) : (i1, i32, i32) -> i32
  return %3 : i32
}
