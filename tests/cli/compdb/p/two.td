// Built with -I two (compdb.yml): Foo_OpX is bar.x, two operands.
include "defs.td"
def XSwap : Pat<(Foo_OpX $a, (Foo_OpX $b, $c)), (Foo_OpX $b, $a)>;
