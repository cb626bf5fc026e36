func.func @f(%arg0: i32) -> i32 {
  %0 = "t.wrap"(%arg0) : (i32) -> i32
  "t.marker"(%0) : (i32) -> ()
  %1 = "t.unwrap"(%0) : (i32) -> i32
  "t.marker"(%1) : (i32) -> ()
  return %1 : i32
}
