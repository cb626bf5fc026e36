def a;
