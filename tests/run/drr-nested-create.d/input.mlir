func.func @f(%arg0: i8, %arg1: i8) -> i8 {
  %0 = "nc.not"(%arg1) : (i8) -> i8
  %1 = "nc.and"(%arg0, %0) : (i8, i8) -> i8
  %2 = "nc.not"(%1) : (i8) -> i8
  return %2 : i8
}
