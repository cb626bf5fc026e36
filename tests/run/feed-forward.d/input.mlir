func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  %0 = "t.neg"(%arg1) : (i32) -> i32
  %1 = "t.sub"(%arg0, %0) : (i32, i32) -> i32
  return %1 : i32
}
