class A;
def x : Foo;
