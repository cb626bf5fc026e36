func.func @f(%arg0: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = "t.mul"(%c3, %arg0) : (i32, i32) -> i32
  %1 = "t.mul"(%0, %c3) : (i32, i32) -> i32
  %2 = "t.mul"(%c3, %1) : (i32, i32) -> i32
  return %2 : i32
}
