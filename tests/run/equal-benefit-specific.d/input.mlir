func.func @f(%arg0: i32) -> i32 {
  %0 = "t.neg"(%arg0) : (i32) -> i32
  %1 = "t.neg"(%0) : (i32) -> i32
  return %1 : i32
}
