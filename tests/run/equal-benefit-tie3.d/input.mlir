func.func @f(%arg0: i32) -> i32 {
  %0 = "test.op_b"(%arg0) : (i32) -> i32
  %1 = "test.op_a"(%0) : (i32) -> i32
  return %1 : i32
}
