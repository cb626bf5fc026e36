def x { int a = zz; }
