func.func @f(%arg0: i32) -> i32 {
  %0 = "il.a"(%arg0) : (i32) -> i32
  %1 = "il.a"(%0) : (i32) -> i32
  return %1 : i32
}
