// Custom assembly of the common arith ops.
func.func @a(%i: i32, %f: f32, %t: tensor<4xi32>, %c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant {tag} -2 : i64
  %f1 = arith.constant 2.5 : f32
  %b = arith.constant true
  %n = arith.constant 3 : index
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s = arith.constant dense<[7, 7, 7, 7]> : tensor<4xi32>
  %0 = arith.addi %i, %c1 : i32
  %1 = arith.muli %0, %0 {tag} : i32
  %2 = arith.addf %f, %f1 : f32
  %3 = arith.mulf %2, %2 fastmath<fast> : f32
  %4 = arith.negf %3 : f32
  %5 = arith.cmpi slt, %1, %c1 : i32
  %6 = arith.cmpf oge, %4, %f1 : f32
  %7 = arith.cmpi eq, %t, %d : tensor<4xi32>
  %8 = arith.select %5, %1, %0 : i32
  %9 = arith.index_cast %8 : i32 to index
  %10 = arith.extsi %8 : i32 to i64
  %11 = arith.trunci %10 : i64 to i16
  %12 = arith.sitofp %8 : i32 to f32
  %13 = arith.xori %c, %b : i1
  return %8 : i32
}
