func.func @f(%arg0: i32) -> i64 {
  %0 = "t.cast"(%arg0) : (i32) -> i32
  %1 = "t.cast"(%0) : (i32) -> i64
  %2 = "t.cast"(%1) : (i64) -> i32
  %3 = "t.cast"(%2) : (i32) -> i64
  return %3 : i64
}
