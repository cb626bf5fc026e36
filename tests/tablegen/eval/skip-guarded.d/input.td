include "inc.td"
#define A
include "inc.td"
include "inc.td"
#ifndef A
def not_a;
#else
def after;
#endif
