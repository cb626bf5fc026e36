class A<int n> {
  A x = A<!add(n, 1)>;
}
def y : A<0>;
