// Found by tests/fuzz/fuzz_tablegen: a value converted to bits<0> shifted
// by -1 (undefined behaviour).  llvm-tblgen-16 accepts any int for bits<0>.
def x { bits<0> b = 1; bits<0> c = -7; bits<0> d = 0; }
