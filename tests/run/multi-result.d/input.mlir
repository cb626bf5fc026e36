func.func @f(%arg0: i32, %arg1: i32) -> (i32, i32) {
  %0:2 = "t.swap"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
  %1:2 = "t.pair"(%0#1) : (i32) -> (i16, i16)
  %2 = "t.join"(%1#0, %1#1) : (i16, i16) -> i32
  return %2, %0#0 : i32, i32
}
