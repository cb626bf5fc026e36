def A : Foo;
