func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  %0 = "t.concat"(%arg0) : (i32) -> i32
  %1 = "t.concat"(%0, %arg1, %arg0) : (i32, i32, i32) -> i32
  %2 = "t.concat"(%1, %1) : (i32, i32) -> i32
  return %2 : i32
}
