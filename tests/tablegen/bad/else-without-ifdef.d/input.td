def A;
#else
def B;
