include "other.td"
// Patterns spread over two files: this one and other.td, which it
// includes; both are named on the command line.  Expected (worked out by
// hand): AddNegLhs add((-a), b) here and AddNegRhs add(a, (-b)) in
// other.td meet on (-a) + (-b), neither inside the other: exactly one
// finding (not two: other.td's pattern is analyzed once), on AddNegLhs
// (input.td:9) with AddNegRhs (other.td:4) as the related location.
// Exit 1, one warning.
def AddNegLhs : Pat<(T_AddOp (T_NegOp $a), $b), (T_AddOp $b, $a)>;
