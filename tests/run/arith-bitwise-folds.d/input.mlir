// The comments say what MLIR 16 folds each op to (tests/harness/greedy).
func.func @f(%a: i32, %b: i32, %c: i32, %p: i1, %w: i64, %v: i64) -> i32 {
  %m1 = arith.constant -1 : i32
  %k5 = arith.constant 5 : i32
  %t = arith.constant true
  %mw = arith.constant -1 : i64
  // and of an and that has the other operand: the inner and
  %0 = arith.andi %b, %a : i32
  %1 = arith.andi %a, %0 : i32          // %0
  %2 = arith.andi %0, %b : i32          // %0
  %3 = arith.andi %0, %c : i32          // stays
  %ak = arith.andi %a, %k5 : i32
  %4 = arith.andi %a, %ak : i32         // %ak
  %5 = arith.andi %ak, %k5 : i32        // %ak
  // and of x and not x: 0, in any width; a not written (-1, x) too
  %na = arith.xori %a, %m1 : i32
  %6 = arith.andi %a, %na : i32         // 0
  %7 = arith.andi %na, %a : i32         // 0
  %nt = arith.xori %t, %p : i1
  %8 = arith.andi %nt, %p : i1          // false
  %nw = arith.xori %w, %mw : i64
  %9 = arith.andi %w, %nw : i64         // 0
  %nb = arith.xori %b, %m1 : i32
  %10 = arith.andi %a, %nb : i32        // stays: not of another value
  // or has no such folds in MLIR 16
  %11 = arith.ori %a, %0 : i32          // stays
  %o = arith.ori %a, %b : i32
  %12 = arith.ori %a, %o : i32          // stays
  %13 = arith.ori %a, %na : i32         // stays
  // xor of an xor that has one of the operands: the other one
  %x = arith.xori %a, %b : i32
  %14 = arith.xori %x, %b : i32         // a
  %15 = arith.xori %x, %a : i32         // b
  %16 = arith.xori %a, %x : i32         // b
  %17 = arith.xori %b, %x : i32         // a
  %xk = arith.xori %a, %k5 : i32
  %18 = arith.xori %k5, %xk : i32       // a
  %y = arith.xori %w, %v : i64
  %19 = arith.xori %v, %y : i64         // w
  %20 = arith.andi %x, %x : i32         // %x (Idempotent)
  "t.use"(%1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20) : (i32, i32, i32, i32, i32, i32, i32, i1, i64, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i32) -> ()
  return %a : i32
}
