def x { int a = "str"; }
