func.func private @decl(i32) -> i32
func.func @a(%arg0: i32) -> i32 {
  %0 = "t.norm"(%arg0) : (i32) -> i32
  %1 = func.call @decl(%0) : (i32) -> i32
  return %1 : i32
}
func.func @b(%arg0: i32) -> i32 {
  %0 = "t.norm"(%arg0) : (i32) -> i32
  %1 = "t.norm"(%0) : (i32) -> i32
  return %1 : i32
}
