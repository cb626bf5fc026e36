class C<int a> { int v = a; }
def A : C;
