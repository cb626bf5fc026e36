func.func @f(%arg0: f32) -> f32 {
  %0 = "t.old"(%arg0) {tag = "first"} : (f32) -> f32
  %1 = "t.old"(%0) {tag = [1, 2], other = 5 : i8} : (f32) -> f32
  %2 = "t.old"(%1) : (f32) -> f32
  return %2 : f32
}
