func.func @f(%arg0: f32, %arg1: f32) -> f32 {
  %0 = "t.sqsum"(%arg0, %arg1) : (f32, f32) -> f32
  %1 = "t.sqsum"(%0, %arg0) : (f32, f32) -> f32
  return %1 : f32
}
