def x : A<1>;
