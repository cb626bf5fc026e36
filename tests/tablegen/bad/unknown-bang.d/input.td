def A {
  int x = !frob(1);
}
