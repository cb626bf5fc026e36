func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 5 : i32
  %c2 = arith.constant 5 : i32
  %m = "t.m"(%c1) : (i32) -> i32
  %w = "t.w"(%c2, %m) : (i32, i32) -> i32
  "t.sink"(%w) : (i32) -> ()
  return %a : i32
}
