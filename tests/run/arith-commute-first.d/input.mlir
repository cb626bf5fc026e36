func.func @f(%a: i32, %b: i32, %i: index) -> i32 {
  %one = arith.constant 1 : i32
  // an index addi does not fold here, but its constant still moves last
  %five = arith.constant 5 : index
  %j = arith.addi %five, %i : index
  "t.use"(%j) : (index) -> ()
  %two = arith.constant 2 : i32
  %0 = arith.muli %one, %a : i32
  %1 = arith.muli %two, %b : i32
  %2 = "t.pair"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
