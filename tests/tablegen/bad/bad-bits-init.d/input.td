def A {
  bits<4> b = { 0, 1, "x", 0 };
}
