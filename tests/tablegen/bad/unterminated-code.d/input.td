def A {
  code c = [{ return 1;
}
