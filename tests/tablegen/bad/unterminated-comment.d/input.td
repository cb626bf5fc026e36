def A;
/* never closed
def B;
