func.func @f(%a: i32) {
  %0 = vector.splat %a : vector<4xi32>
  return
}
