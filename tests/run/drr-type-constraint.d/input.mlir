func.func @f(%arg0: i32, %arg1: i16) -> (i64, i64) {
  %0 = "tc.ext"(%arg0) : (i32) -> i64
  %1 = "tc.ext"(%arg1) : (i16) -> i64
  return %0, %1 : i64, i64
}
