def x { list<int> l = [1, "a"]; }
