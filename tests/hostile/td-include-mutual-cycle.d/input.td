include "a.td"
