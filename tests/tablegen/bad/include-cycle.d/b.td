include "input.td"
