def A {
  bits<2> b = 0b101;
}
