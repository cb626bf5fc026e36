// Built with -I one (compdb.yml): Foo_OpX is foo.x, one operand.
include "defs.td"
def XX : Pat<(Foo_OpX (Foo_OpX $a)), (Foo_OpX $a)>;
