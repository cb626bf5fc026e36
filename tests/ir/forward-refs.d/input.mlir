// Uses before definitions: graph-like regions and nested regions.
"t.graph"() ({
  "t.use"(%later, %pair#1) : (i32, f32) -> ()
  "t.nest"() ({
    "t.inner"(%later) : (i32) -> ()
  }) : () -> ()
  %later = "t.def"() : () -> i32
  %pair:2 = "t.def2"() : () -> (i32, f32)
}) : () -> ()
