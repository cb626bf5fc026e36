func.func @f(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = arith.muli %0, %arg0 : i32
  "test.sink"(%1) : (i32) -> ()
  %2 = "test.keep"(%0) : (i32) -> i32
  return %2 : i32
}
