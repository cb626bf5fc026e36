func.func @f(%arg0: i64) -> i64 {
  %0 = "t.shift"(%arg0) {amount = 0 : i64} : (i64) -> i64
  %1 = "t.shift"(%0) {amount = 1 : i64} : (i64) -> i64
  %2 = "t.shift"(%1) {amount = 3 : i64} : (i64) -> i64
  %3 = "t.shift"(%2) {amount = 0 : i32} : (i64) -> i64
  return %3 : i64
}
