func.func @f(%arg0: i32) -> i32 {
  %0 = "test.op_b"(%arg0) : (i32) -> i32
  %1 = "test.op_a"(%0) : (i32) -> i32
  %2 = "test.op_b"(%1) {drop} : (i32) -> i32
  %3 = "test.op_a"(%2) : (i32) -> i32
  return %3 : i32
}
