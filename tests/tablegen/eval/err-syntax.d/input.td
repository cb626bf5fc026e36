def x { int a = 1 }
