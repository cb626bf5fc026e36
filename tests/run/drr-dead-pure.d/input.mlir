func.func @f(%arg0: i32) -> i32 {
  %u = "dp.neg"(%arg0) : (i32) -> i32
  %e = "dp.eff"(%arg0) : (i32) -> i32
  %0 = "dp.neg"(%arg0) : (i32) -> i32
  %1 = "dp.neg"(%0) : (i32) -> i32
  return %1 : i32
}
