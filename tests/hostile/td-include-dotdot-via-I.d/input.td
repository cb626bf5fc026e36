include "../../outside.td"
