func.func @f(%arg0: i32) -> i32 {
  %0 = "dn.neg"(%arg0) : (i32) -> i32
  %1 = "dn.id"(%0) : (i32) -> i32
  %2 = "dn.neg"(%1) : (i32) -> i32
  return %2 : i32
}
