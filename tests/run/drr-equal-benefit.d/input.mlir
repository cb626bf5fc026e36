func.func @f(%arg0: i32) -> i32 {
  %0 = "eb.src"(%arg0) : (i32) -> i32
  %1 = "eb.src"(%0) : (i32) -> i32
  return %1 : i32
}
