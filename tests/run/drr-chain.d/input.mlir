func.func @f(%arg0: i32) -> i64 {
  %0 = "ch.a"(%arg0) : (i32) -> i32
  %1 = "ch.b"(%0) : (i32) -> i64
  %2 = "ch.c"(%1) : (i64) -> i64
  %3 = "ch.a"(%2) : (i64) -> i64
  return %3 : i64
}
