// Each "t.use" keeps a group of folds alive; the comments say what MLIR
// 16 folds each op to.
func.func @f(%a: i32, %b: i32, %c: i1, %w: i64) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %k7 = arith.constant -7 : i32
  %k2 = arith.constant 2 : i32
  %k40 = arith.constant 40 : i32
  %max = arith.constant 2147483647 : i32
  %min = arith.constant -2147483648 : i32
  // identities on one operand: each folds to %a, %b or a constant
  %0 = arith.subi %a, %b : i32
  %1 = arith.addi %0, %b : i32          // a
  %2 = arith.addi %a, %b : i32
  %3 = arith.subi %2, %a : i32          // b
  %4 = arith.andi %a, %a : i32          // a (Idempotent)
  %5 = arith.andi %a, %m1 : i32         // a
  %6 = arith.ori %b, %m1 : i32          // -1
  %7 = arith.xori %a, %a : i32          // 0
  %8 = arith.xori %b, %z : i32          // b
  %9 = arith.divsi %a, %one : i32       // a
  %10 = arith.remui %b, %one : i32      // 0
  %11 = arith.shrsi %a, %z : i32        // a
  %12 = arith.maxsi %a, %max : i32      // max
  %13 = arith.minui %b, %z : i32        // 0
  %14 = arith.minsi %a, %max : i32      // a
  "t.use"(%1, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  // constants: -7 / 2 rounds toward zero, up or down
  %20 = arith.divsi %k7, %k2 : i32      // -3
  %21 = arith.ceildivsi %k7, %k2 : i32  // -3
  %22 = arith.floordivsi %k7, %k2 : i32 // -4
  %23 = arith.remsi %k7, %k2 : i32      // -1
  %24 = arith.divui %k7, %k2 : i32      // 2147483644
  %25 = arith.shrsi %k7, %k2 : i32      // -2
  %26 = arith.shrui %k7, %k2 : i32      // 1073741822
  %27 = arith.shli %k7, %k2 : i32       // -28
  %28 = arith.shli %one, %k40 : i32     // no fold: shift by 40 >= 32
  %29 = arith.divsi %min, %m1 : i32     // no fold: overflow
  %30 = arith.divui %a, %z : i32        // no fold: division by zero
  %31 = arith.maxui %k7, %k2 : i32      // -7 (unsigned 4294967289)
  "t.use"(%20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  // compares, selects and casts
  %40 = arith.cmpi ult, %k2, %k7 : i32  // true (-7 is large unsigned)
  %41 = arith.cmpi slt, %k2, %a : i32   // in place: sgt %a, 2
  %42 = arith.cmpi sle, %b, %b : i32    // true
  %43 = arith.cmpi eq, %a, %b : i32
  %44 = arith.select %43, %a, %b : i32  // b
  %45 = arith.select %c, %a, %a : i32   // a
  %46 = arith.extui %a : i32 to i64
  %47 = arith.trunci %46 : i64 to i32   // a
  %48 = arith.extsi %m1 : i32 to i64    // -1 : i64
  %49 = arith.extui %m1 : i32 to i64    // 4294967295 : i64
  %50 = arith.trunci %w : i64 to i32
  %51 = arith.trunci %50 : i32 to i16   // in place: trunci %w
  "t.use"(%40, %41, %42, %44, %45, %47, %48, %49, %51) : (i1, i1, i1, i32, i32, i32, i64, i64, i16) -> ()
  %60 = arith.extsi %a : i32 to i64
  %61 = arith.extsi %60 : i64 to i128   // in place: extsi %a
  %62 = arith.trunci %61 : i128 to i32  // a
  %63 = arith.trunci %46 : i64 to i16   // no fold: from a wider extension
  %64 = arith.extui %c : i1 to i32
  %65 = arith.cmpi ne, %64, %z : i32    // c
  %66 = arith.cmpi eq, %64, %z : i32    // no fold: eq
  "t.use"(%62, %63, %65, %66) : (i32, i16, i1, i1) -> ()
  return %a : i32
}
