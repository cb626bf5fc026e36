include "loop.td"
