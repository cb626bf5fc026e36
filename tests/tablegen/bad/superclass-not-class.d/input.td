def B;
def A : B;
