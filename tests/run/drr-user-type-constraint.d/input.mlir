func.func @f(%a: i32, %b: i16, %c: i64, %d: f32, %e: tensor<2xf16>, %f: tensor<2xi8>) -> (i8, i8, i8, i8, i8, i8) {
  %0 = "tu.ext"(%a) : (i32) -> i8
  %1 = "tu.ext"(%b) : (i16) -> i8
  %2 = "tu.ext"(%c) : (i64) -> i8
  %3 = "tu.ext"(%d) : (f32) -> i8
  %4 = "tu.ext"(%e) : (tensor<2xf16>) -> i8
  %5 = "tu.ext"(%f) : (tensor<2xi8>) -> i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}
