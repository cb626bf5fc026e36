func.func @f(%x: f64) -> f64 {
  %c = "d.const"() {value = 2.0 : f64} : () -> f64
  %0 = "d.mul"(%c, %x) : (f64, f64) -> f64
  return %0 : f64
}
