// Successors, block arguments, forward-referenced blocks and the
// predecessor comments.
"t.f"() ({
^bb0(%x: i32):
  "t.cond"(%x)[^bb1, ^bb1, ^bb2] : (i32) -> ()
^bb1:
  "t.b"()[^bb2] : () -> ()
^bb2:
  "t.c"()[^bb3] : () -> ()
^bb3(%y: i32, %z: f32):
  "t.d"(%y)[^bb2] : (i32) -> ()
^dead:
  "t.e"() : () -> ()
}, {
}, {
^bb7:
}) : () -> ()
