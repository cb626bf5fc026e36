// Built with -I common -I one (compdb.yml): Y_Op is one.y.
include "common.td"
def c1_YY : Pat<(Y_Op (Y_Op $a)), (Y_Op $a)>;
