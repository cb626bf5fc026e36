func.func @f(%a: i32) -> i32 {
  %0 = "t.src"(%a) {tag = 1 : i32} : (i32) -> i32
  return %0 : i32
}
