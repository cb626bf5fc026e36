include "b.td"
