func.func @f(%arg0: i32, %arg1: index) -> i32 {
  %0 = "t.keep"(%arg0) {note = "kept", dims = array<i64: 1, 2>} : (i32) -> i32
  %1 = "t.keep"(%0, %arg1) : (i32, index) -> i32
  return %1 : i32
}
