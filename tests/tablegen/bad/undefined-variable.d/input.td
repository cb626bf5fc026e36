def A {
  int x = y;
}
