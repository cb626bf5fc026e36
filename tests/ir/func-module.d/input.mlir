// Custom forms of builtin.module and func.func.
module @m attributes {foo.bar = 1, a.b = "x"} {
  func.func @f(%arg0: i32, %b: f32 {t.attr}) -> (i32, f32) {
    %0 = "t.q"(%arg0) : (i32) -> i32
    %1 = func.call @g(%0) : (i32) -> f32
    %2 = call @g(%0) : (i32) -> f32
    func.return %0, %b : i32, f32
  }
  func.func private @g(i32) -> f32 attributes {llvm.x}
  func.func public @h() {
    return
  }
  func.func nested @"quoted name"() -> ((i32) -> i32)
}
