include "does/not/exist.td"
def A;
