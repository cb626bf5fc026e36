// Generic operations: operands, result groups, unnamed results, locations.
%0 = "t.a"() : () -> i32
%x:2 = "t.b"(%0) {z = 1, a = "s"} : (i32) -> (i32, f32) loc("here")
"t.c"(%x#1, %x#0, %0) : (f32, i32, i32) -> ()
"t.d"() : () -> (i32, i32)
%y = "t.e"(%x#0) {fn = (i32) -> ((i32) -> i32), u} : (i32) -> ((i32) -> i32)
