class A { int a; }
def x : A { let b = 1; }
