func.func @f(%arg0: i32) -> i32 {
  %0 = "t.region"(%arg0) ({
  ^bb0(%a: i32):
    %1 = "t.inner"(%a) : (i32) -> i32
    %2 = "t.region"(%1) ({
    ^bb0(%b: i32):
      %3 = "t.inner"(%b) : (i32) -> i32
      "t.yield"(%3) : (i32) -> ()
    }) : (i32) -> i32
    "t.yield"(%2) : (i32) -> ()
  }) : (i32) -> i32
  %4 = "t.inner"(%0) : (i32) -> i32
  return %4 : i32
}
