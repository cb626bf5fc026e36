func.func @f(%arg0: i32) -> i32 {
  %0 = "at.scale"(%arg0) {factor = 1 : i32} : (i32) -> i32
  %1 = "at.scale"(%0) {factor = 2 : i32} : (i32) -> i32
  %2 = "at.scale"(%1) {factor = 3 : i32} : (i32) -> i32
  %3 = "at.shl"(%2) {amount = 1 : i32} : (i32) -> i32
  return %3 : i32
}
