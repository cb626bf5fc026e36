class A<int x> { int v = x; }
def y : A<1, 2>;
