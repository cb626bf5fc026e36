def A {
  int x = 1;
  string x = "a";
}
