func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  %0 = "ns.sub"(%arg0, %arg1) {tag = "x"} : (i32, i32) -> i32
  %1 = "ns.neg"(%0) : (i32) -> i32
  %2 = "ns.neg"(%arg0) : (i32) -> i32
  %3 = "ns.sub"(%1, %2) {tag = "y"} : (i32, i32) -> i32
  %4 = "ns.neg"(%3) : (i32) -> i32
  return %4 : i32
}
