// --allow-include-outside lifts include confinement (see tests/hostile/td-include-*).
include "../../hostile/outside.td"
def inside;
