func.func @f(%arg0: i32) -> i32 {
  %0 = "pp.a"(%arg0) : (i32) -> i32
  return %0 : i32
}
