func.func @f(%a: i32, %b: i32) -> i32 {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %0 = arith.muli %one, %a : i32
  %1 = arith.muli %two, %b : i32
  %2 = "t.pair"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
