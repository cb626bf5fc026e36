def x { list<int> a = !head([]<int>); }
