def x { string s = !cond(0 : "a"); }
