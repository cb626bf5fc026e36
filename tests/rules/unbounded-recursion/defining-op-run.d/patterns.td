// The patterns of defining-op-cycle.d (see the reasoning there), run by the engine.
// Defining-op facts that break a self-loop but not a cycle.  IsNotConst
// tests !isa_and_nonnull<::d::ConstOp> on $_self's defining op.
//
// Worked by hand:
//  CommuteConst: add(const c, x) -> add(x, c), x not a d.const.  Matching
//    the new add needs a d.const first, where x is: ruled out.  Clean.
//  ConstRight: mul(const c, x) -> mul(x, c); ConstLeft: mul(x, const c) ->
//    mul(c, x); x not a d.const in both.  Neither matches its own output
//    (each would need a d.const where it put x), but each matches the
//    other's: ConstLeft finds x (no d.const, as both require) first and c
//    (a d.const) second in the mul ConstRight creates, and the other way
//    round.  mul(c, x) and mul(x, c) alternate without end: reported, as a
//    note (patlint does not run IsNotConst on the created ops).
//    defining-op-run-cycle.d runs it: the driver does not converge;
//    defining-op-run.d: on an add it converges after one rewrite.
include "mlir/IR/PatternBase.td"
include "ops.td"
def IsNotConst : Constraint<CPred<"!::llvm::isa_and_nonnull<::d::ConstOp>($_self.getDefiningOp())">>;
def CommuteConst : Pat<(D_AddOp (D_ConstOp:$c $v), $x), (D_AddOp $x, $c), [(IsNotConst:$x)]>;
def ConstRight : Pat<(D_MulOp (D_ConstOp:$c $v), $x), (D_MulOp $x, $c), [(IsNotConst:$x)]>;
def ConstLeft : Pat<(D_MulOp $x, (D_ConstOp:$c $v)), (D_MulOp $c, $x), [(IsNotConst:$x)]>;
