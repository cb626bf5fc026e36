"t.a"(%nope) : (i32) -> ()
