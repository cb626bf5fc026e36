// Includes unnamed.td without using its op, which stays unfilled.  An
// input sorted before unnamed.td: when unnamed.td is an input too, its op
// is still an input's op for the ODS rules.
include "unnamed.td"
