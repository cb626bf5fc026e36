def x { int a = !cast<int>("s"); }
