func.func @f(%arg0: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = "t.plus"(%c2, %c3) : (i32, i32) -> i32
  %1 = "t.plus"(%0, %arg0) : (i32, i32) -> i32
  return %1 : i32
}
