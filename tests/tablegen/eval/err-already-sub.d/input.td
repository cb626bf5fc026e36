class A { int a = 1; }
def x : A, A;
