// Chunks separated as with --split-input-file.
"t.a"() : () -> ()
// -----
%0 = "t.b"() : () -> i32
// -----
module {
}
