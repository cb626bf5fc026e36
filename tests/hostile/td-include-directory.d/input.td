include "sub"
