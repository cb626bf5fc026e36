include "ops.td"
// A DRR and a PDLL pattern (input.pdll) on the same ops.  Expected (worked
// out by hand): AddNegLhs here matches add((-a), b), benefit 2 (two ops);
// AddNegRhsPdll matches add(a, (-b)) with benefit(2).  They meet on
// (-a) + (-b) with equal benefit, and which one MLIR tries first depends
// on how the two pattern sets are added to one RewritePatternSet, which
// the files do not say: warning on AddNegLhs.  NegNeg (benefit 2) and
// NegNegPdll (benefit 3) match exactly the same -(-x): NegNegPdll always
// wins, NegNeg can never apply: warning on NegNeg.  Exit 1, two warnings.
def AddNegLhs : Pat<(T_AddOp (T_NegOp $a), $b), (T_AddOp $b, $a)>;
def NegNeg : Pat<(T_NegOp (T_NegOp $a)), (T_NegOp $a)>;
