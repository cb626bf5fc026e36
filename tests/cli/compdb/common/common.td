// Included by p/c1.td, p/c2.td and p/c3.td.  Its text after the leading
// includes is one chunk for the include cache, and that chunk takes in
// inner.td, which one/ and two/ define differently: the cache must not
// hand c3.td (built with two/) the state c1.td and c2.td left (one/).
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def Common_Marker;
include "inner.td"
