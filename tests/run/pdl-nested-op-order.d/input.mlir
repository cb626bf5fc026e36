func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = "t.m"(%a) : (i32) -> i32
  %1 = arith.muli %a, %b : i32
  %2 = "t.d"(%0, %1) : (i32, i32) -> i32
  "t.sink"(%2) : (i32) -> ()
  return %a : i32
}
