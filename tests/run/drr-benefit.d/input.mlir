func.func @f(%arg0: i32) -> i32 {
  %0 = "bn.src"(%arg0) : (i32) -> i32
  %1 = "bn.low"(%arg0) : (i32) -> i32
  %2 = "bn.low"(%1) : (i32) -> i32
  return %2 : i32
}
