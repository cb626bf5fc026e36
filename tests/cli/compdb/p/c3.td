// Built with -I common -I two (compdb.yml): Y_Op is two.y.
include "common.td"
def c3_YSwap : Pat<(Y_Op $a, (Y_Op $b, $c)), (Y_Op $b, $a)>;
