// Guarded, with a conditional inside the guarded region: included three
// times by input.td, so the region is skipped twice (the second time from
// what the first skip found), with A defined in between.
#ifndef INC_TD
#define INC_TD
#ifdef A
def a;
#else
def b;
#endif // A
def c;
#endif // INC_TD
