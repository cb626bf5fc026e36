%a = "t.top"() : () -> i32
"t.wrap"() ({
^bb0(%x: i32, %y: f32):
  %b:2 = "t.two"(%x, %a) : (i32, i32) -> (i32, i32)
  "t.br"(%b#1)[^bb1, ^bb2] : (i32) -> ()
^bb1(%z: i32):
  %c = "t.use"(%z, %b#0) : (i32, i32) -> i32
  "t.inner"() ({
  ^bb0(%q: index):
    %d = "t.x"(%q, %c) : (index, i32) -> i32
    "t.y"() ({
      "t.z"() : () -> ()
    }, {
    ^bb3:
      "t.w"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  "t.ret"() : () -> ()
^bb2:
  %e = "t.e"() : () -> i32
  "t.ret"() : () -> ()
}) {z = 1, a = 2.5 : f32, m, s = "he\"llo\n\01", arr = [1, true, "x", i32, @sym, unit], h = 0x10 : i16, neg = -3 : i8, t = true, f = 1.0, p = 3.14159265, dict = {b = 1, a = 2}, ty = tensor<4x?xf32>, dn = dense<[1, 2]> : tensor<2xi32>} : () -> ()
func.func @f(%arg0: i32) -> i32 {
  %0 = "t.q"(%arg0, %arg0) : (i32, i32) -> i32
  return %0 : i32
}
%after = "t.top2"() : () -> i32
