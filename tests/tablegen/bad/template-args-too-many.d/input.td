class C<int a> { int v = a; }
def A : C<1, 2>;
