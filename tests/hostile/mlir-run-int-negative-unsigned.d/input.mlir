func.func @f() {
  %0 = arith.constant -1 : ui8
  "test.a"() : () -> ()
  return
}
